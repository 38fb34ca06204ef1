// A customer whose wallet or exchange dropped the Solana Pay reference can paste the signature of
// the transaction. It is read from the chain and handled exactly as the watcher handles it: it
// settles this payment only when a transfer in it carries this payment's reference, or carries
// none and is exactly the amount this payment holds and landed after it was created. The
// customer's word never moves money by itself: anything else (a transfer already recorded as
// unmatched, another amount, another payment's reference) becomes a claim in the owner's queue.
import type { Payment } from '@shop/contract'
import { AppError } from '../../http/errors.js'
import { type CounterStore, type LimitRule, rateLimited } from '../../http/rate-limit.js'
import type { ChainClient } from '../../solana/chain-client.js'
import type { PaymentQueries } from './queries.js'
import type { PaymentSettlement } from './settlement.js'

/** Each submission costs the provider a getTransaction: a few per customer and quarter hour. */
export const SIGNATURE_SUBMISSION_LIMIT: LimitRule = { max: 10, windowMs: 15 * 60 * 1000 }

export class PaymentSignatureService {
  constructor(
    private readonly payments: PaymentQueries,
    private readonly settlement: PaymentSettlement,
    private readonly chain: ChainClient | null,
    private readonly counters: CounterStore,
    private readonly limit: LimitRule = SIGNATURE_SUBMISSION_LIMIT,
  ) {}

  async submit(userId: number, code: string, signature: string): Promise<Payment> {
    const payment = await this.payments.owned(userId, code)
    if (payment.method !== 'crypto') throw new AppError('TRANSFER_NOT_MATCHING')
    if (!this.chain) throw new AppError('SERVICE_UNAVAILABLE')
    // Counted whatever the answer: a wrong signature costs the provider a call too.
    const counter = await this.counters.increment(`signatures-user:${userId}`, this.limit.windowMs)
    if (counter.count > this.limit.max) throw rateLimited('RATE_LIMITED', counter.resetInMs)

    const known = await this.settlement.known([signature])
    if (!known.has(signature)) {
      let read: Awaited<ReturnType<ChainClient['readTransaction']>>
      try {
        read = await this.chain.readTransaction(signature)
      } catch {
        // A malformed or unknown signature makes some RPC servers answer with an error.
        throw new AppError('TRANSACTION_NOT_FOUND')
      }
      if (!read) throw new AppError('TRANSACTION_NOT_FOUND')
      await this.settlement.applyTransaction(read)
    }
    const transfers = await this.settlement.transfersOf(signature)
    // A failed transaction, or one that paid the shop nothing, is nobody's payment.
    if (transfers.length === 0) throw new AppError('TRANSFER_NOT_MATCHING')
    if (transfers.some((transfer) => transfer.paymentId === payment.id)) {
      return this.payments.status(userId, code)
    }
    // Not this payment's by the rules: the owner decides, the customer is told so.
    await this.settlement.claim(signature, userId, payment.id)
    throw new AppError('TRANSFER_UNDER_REVIEW')
  }
}
