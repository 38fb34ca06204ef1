// Finds SOL payments: polls the merchant address for new signatures, reads each transaction, and
// hands every credit to the payment service, which applies it at most once (the signature is a
// primary key). The cursor (last signature seen) is kept in the database so a restart, or another
// process taking over, continues where the last one stopped.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { jobState } from '../db/schema.js'
import type { PaymentService } from '../modules/payments/service.js'
import type { ChainClient } from './chain-client.js'

type Logger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

export class PaymentWatcher {
  readonly #cursorKey: string

  constructor(
    private readonly db: Db,
    private readonly chain: ChainClient,
    private readonly payments: PaymentService,
    private readonly log: Logger,
  ) {
    this.#cursorKey = `watcher:last-signature:${chain.merchant}`
  }

  async #cursor(): Promise<string | null> {
    const [row] = await this.db.select().from(jobState).where(eq(jobState.key, this.#cursorKey))
    return row?.value ?? null
  }

  async #saveCursor(signature: string): Promise<void> {
    await this.db
      .insert(jobState)
      .values({ key: this.#cursorKey, value: signature })
      .onConflictDoUpdate({
        target: jobState.key,
        set: { value: signature, updatedAt: new Date() },
      })
  }

  /** One pass: applies every new transfer, oldest first. Returns how many were applied. */
  async poll(): Promise<number> {
    const signatures = await this.chain.signaturesSince(await this.#cursor())
    let applied = 0
    for (const { signature, failed } of signatures) {
      if (!failed) {
        const transfer = await this.chain.fetchTransfer(signature)
        if (transfer) {
          const result = await this.payments.applyTransfer(transfer)
          if (result.kind === 'applied') applied++
          if (result.kind === 'unmatched') {
            this.log.warn({ signature }, 'transfer to the merchant matches no payment')
          }
        }
      }
      // The cursor moves only past what was handled, so a crash repeats (harmlessly) at most
      // the transfer in progress.
      await this.#saveCursor(signature)
    }
    return applied
  }
}
