// "Pay with the demo wallet": only when the server runs its own local chain. A wallet funded by
// the local chain's airdrop signs and sends a real transfer (with the Solana Pay reference) for the
// rest of a pending payment, so a newcomer can try the whole flow in the browser. The watcher then
// finds it exactly as it would find a customer's wallet transfer. A USDC payment is paid in the
// chain's play USDC: minted to the demo wallet first (with the chain's mint authority), then sent
// as an SPL transfer to the merchant's token account, as a wallet would (docs/usdc.md).
import {
  type LocalChainRpc,
  mintPlayUsdc,
  sendSolTransfer,
  sendTokenTransfer,
} from '@shop/local-chain'
import {
  address,
  createSolanaRpc,
  devnet,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports,
} from '@solana/kit'
import { AppError } from '../../http/errors.js'
import type { PaymentRow } from './model.js'
import type { PaymentQueries } from './queries.js'

const AIRDROP_LAMPORTS = 1_000_000_000_000n // 1,000 SOL of play money

export class DemoWallet {
  private constructor(
    private readonly rpcUrl: string,
    private readonly signer: KeyPairSigner,
    private readonly chain: LocalChainRpc | null,
  ) {}

  /** A new wallet, funded by the local chain's airdrop; with the chain, it pays USDC too. */
  static async create(rpcUrl: string, chain: LocalChainRpc | null = null): Promise<DemoWallet> {
    const signer = await generateKeyPairSigner()
    const wallet = new DemoWallet(rpcUrl, signer, chain)
    await wallet.#fund()
    return wallet
  }

  get address(): string {
    return this.signer.address
  }

  async #fund(): Promise<void> {
    const rpc = createSolanaRpc(devnet(this.rpcUrl))
    await rpc.requestAirdrop(this.signer.address, lamports(AIRDROP_LAMPORTS)).send()
  }

  async pay(payments: PaymentQueries, userId: number, code: string) {
    const payment = await payments.owned(userId, code)
    if (payment.currency === 'USDC') return this.#payUsdc(payment)
    if (payment.status !== 'pending' || payment.lamports === null) {
      throw new AppError('PAYMENT_NOT_PENDING')
    }
    if (!payment.walletAddress || !payment.reference) throw new AppError('TRANSFER_NOT_MATCHING')
    const rpc = createSolanaRpc(devnet(this.rpcUrl))
    const remaining = payment.lamports - payment.receivedLamports
    // `processed`: what the next transfer's preflight sees (a finalized balance lags ~13 s).
    const { value: funds } = await rpc
      .getBalance(this.signer.address, { commitment: 'processed' })
      .send()
    if (funds < remaining + 1_000_000n) await this.#fund()
    const signature = await sendSolTransfer({
      rpcUrl: this.rpcUrl,
      payer: this.signer,
      to: address(payment.walletAddress),
      lamports: remaining,
      reference: address(payment.reference),
    })
    return { success: true as const, signature }
  }

  /** The rest of a pending USDC payment, minted as play USDC and sent with its reference. */
  async #payUsdc(payment: PaymentRow) {
    if (payment.status !== 'pending' || payment.tokenAmount === null) {
      throw new AppError('PAYMENT_NOT_PENDING')
    }
    if (!payment.walletAddress || !payment.reference || !payment.tokenMint) {
      throw new AppError('TRANSFER_NOT_MATCHING')
    }
    if (!this.chain) throw new AppError('DEMO_WALLET_UNAVAILABLE')
    const remaining = payment.tokenAmount - payment.receivedTokenAmount
    await mintPlayUsdc(this.chain, this.signer.address, remaining)
    const signature = await sendTokenTransfer({
      rpcUrl: this.rpcUrl,
      payer: this.signer,
      mint: address(payment.tokenMint),
      to: address(payment.walletAddress),
      amount: remaining,
      reference: address(payment.reference),
    })
    return { success: true as const, signature }
  }
}
