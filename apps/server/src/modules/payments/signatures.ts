// A customer whose wallet or exchange dropped the Solana Pay reference can paste the transaction
// signature; it is fetched from the chain, checked, and applied like any transfer the watcher
// finds, to this payment only.
import type { Payment } from '@shop/contract'
import { AppError } from '../../http/errors.js'
import type { ChainClient } from '../../solana/chain-client.js'
import type { PaymentQueries } from './queries.js'
import type { PaymentSettlement } from './settlement.js'

export class PaymentSignatureService {
  constructor(
    private readonly payments: PaymentQueries,
    private readonly settlement: PaymentSettlement,
    private readonly chain: ChainClient | null,
  ) {}

  async submit(userId: number, code: string, signature: string): Promise<Payment> {
    const payment = await this.payments.owned(userId, code)
    if (payment.method !== 'crypto') throw new AppError('TRANSFER_NOT_MATCHING')
    if (!this.chain) throw new AppError('SERVICE_UNAVAILABLE')
    let transfer: Awaited<ReturnType<ChainClient['fetchTransfer']>>
    try {
      transfer = await this.chain.fetchTransfer(signature)
    } catch {
      // A malformed or unknown signature makes some RPC servers answer with an error.
      throw new AppError('TRANSACTION_NOT_FOUND')
    }
    if (!transfer) throw new AppError('TRANSACTION_NOT_FOUND')
    // Signatures are public on chain: a transfer made before this payment existed cannot be
    // payment for it, so nobody can claim an older stray transfer of someone else's.
    if (transfer.blockTime && transfer.blockTime.getTime() < payment.createdAt.getTime() - 1000) {
      throw new AppError('TRANSFER_NOT_MATCHING')
    }
    // A transfer that names another payment's reference belongs to that payment.
    const referenced = await this.payments.paymentIdByReference(transfer.accountKeys)
    if (referenced !== null && referenced !== payment.id)
      throw new AppError('TRANSFER_NOT_MATCHING')
    const result = await this.settlement.applyTransfer(transfer, payment.id)
    if (result.kind === 'duplicate' && result.paymentId !== payment.id) {
      throw new AppError('SIGNATURE_ALREADY_USED')
    }
    if (result.kind === 'unmatched') throw new AppError('TRANSFER_NOT_MATCHING')
    return this.payments.status(userId, code)
  }
}
