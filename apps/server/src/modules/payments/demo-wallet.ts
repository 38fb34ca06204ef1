// "Pay with the demo wallet": only when the server runs its own local chain. A wallet funded by
// the local chain's airdrop (SOL) and its play USDC mint (USDC, decision 0052) signs and sends a
// real transfer (with the Solana Pay reference) for the rest of a pending payment, so a newcomer
// can try the whole flow in the browser. The watcher then finds it exactly as it would find a
// customer's wallet transfer.
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
import type { PaymentQueries } from './queries.js'

const AIRDROP_LAMPORTS = 1_000_000_000_000n // 1,000 SOL of play money

export class DemoWallet {
  private constructor(
    private readonly chain: LocalChainRpc,
    private readonly signer: KeyPairSigner,
  ) {}

  private get rpcUrl(): string {
    return this.chain.url
  }

  /** A new wallet, funded by the local chain's airdrop. */
  static async create(chain: LocalChainRpc): Promise<DemoWallet> {
    const signer = await generateKeyPairSigner()
    const wallet = new DemoWallet(chain, signer)
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
    if (payment.status !== 'pending' || payment.method !== 'crypto') {
      throw new AppError('PAYMENT_NOT_PENDING')
    }
    if (!payment.walletAddress || !payment.reference) throw new AppError('TRANSFER_NOT_MATCHING')
    if (payment.currency === 'USDC') {
      if (!payment.tokenMint || payment.tokenAmount === null)
        throw new AppError('PAYMENT_NOT_PENDING')
      const rest = payment.tokenAmount - payment.receivedTokenAmount
      // Play money: minted to the demo wallet for exactly this payment, then sent as a wallet
      // sends a Solana Pay SPL transfer (to the merchant's associated token account).
      await mintPlayUsdc(this.chain, this.signer.address, rest)
      const signature = await sendTokenTransfer({
        rpcUrl: this.rpcUrl,
        payer: this.signer,
        mint: address(payment.tokenMint),
        to: address(payment.walletAddress),
        amount: rest,
        reference: address(payment.reference),
      })
      return { success: true as const, signature }
    }
    if (payment.lamports === null) throw new AppError('PAYMENT_NOT_PENDING')
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
}
