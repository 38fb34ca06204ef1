// Finds SOL payments: polls the merchant address for new signatures, reads each transaction, and
// hands every credit to the payments' settlement, which applies it at most once (the signature is
// a primary key). The cursor (last signature seen) is kept in the database so a restart, or
// another process taking over, continues where the last one stopped.
import type { JobState } from '../jobs.js'
import type { Logger } from '../logger.js'
import type { PaymentSettlement } from '../modules/payments/settlement.js'
import type { ChainClient } from './chain-client.js'

export class PaymentWatcher {
  readonly #cursorKey: string

  constructor(
    private readonly state: JobState,
    private readonly chain: ChainClient,
    private readonly settlement: PaymentSettlement,
    private readonly log: Pick<Logger, 'warn'>,
  ) {
    this.#cursorKey = `watcher:last-signature:${chain.merchant}`
  }

  /** One pass: applies every new transfer, oldest first. Returns how many were applied. */
  async poll(): Promise<number> {
    const signatures = await this.chain.signaturesSince(await this.state.get(this.#cursorKey))
    let applied = 0
    for (const { signature, failed } of signatures) {
      if (!failed) {
        const transfer = await this.chain.fetchTransfer(signature)
        if (transfer) {
          const result = await this.settlement.applyTransfer(transfer)
          if (result.kind === 'applied') applied++
          if (result.kind === 'unmatched') {
            this.log.warn({ signature }, 'transfer to the merchant matches no payment')
          }
        }
      }
      // The cursor moves only past what was handled, so a crash repeats (harmlessly) at most
      // the transfer in progress.
      await this.state.set(this.#cursorKey, signature)
    }
    return applied
  }
}
