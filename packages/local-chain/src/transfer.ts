// Signs and sends a SOL transfer (optionally carrying a Solana Pay reference) and waits until it
// is confirmed. It uses only standard JSON-RPC calls over HTTP (no websocket subscriptions), so
// it works against the local chain and against any real cluster alike.
import {
  type Address,
  appendTransactionMessageInstruction,
  type Base64EncodedWireTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { transferSolInstruction } from './system-program.js'

export type TransferCommitment = 'confirmed' | 'finalized'

export interface SendSolTransferOptions {
  rpcUrl: string
  payer: KeyPairSigner
  to: Address
  lamports: bigint
  /** Solana Pay reference: a read-only key the merchant looks the payment up by. */
  reference?: Address
  /** How final the transfer must be before this returns. Default "confirmed". */
  commitment?: TransferCommitment
  /** Give up waiting after this long. Default 90 s (a blockhash lives about 60-90 s). */
  timeoutMs?: number
  pollIntervalMs?: number
}

/** The transfer landed but failed, or never landed before its blockhash expired or time ran out. */
export class TransferFailedError extends Error {
  override name = 'TransferFailedError'
  constructor(
    message: string,
    readonly signature: Signature,
    /** The transaction error as the RPC reported it, when it landed and failed. */
    readonly transactionError: unknown = null,
  ) {
    super(message)
  }
}

const RANK = { processed: 0, confirmed: 1, finalized: 2 } as const

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Sends `lamports` from `payer` to `to`; resolves with the signature once it is confirmed. */
export async function sendSolTransfer(options: SendSolTransferOptions): Promise<Signature> {
  const commitment = options.commitment ?? 'confirmed'
  const rpc = createSolanaRpc(options.rpcUrl)
  const { value: latest } = await rpc.getLatestBlockhash({ commitment }).send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(options.payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) =>
      appendTransactionMessageInstruction(
        transferSolInstruction({
          source: options.payer,
          destination: options.to,
          lamports: options.lamports,
          ...(options.reference ? { references: [options.reference] } : {}),
        }),
        m,
      ),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return submitAndConfirm({
    rpcUrl: options.rpcUrl,
    wire: getBase64EncodedWireTransaction(signed),
    signature: getSignatureFromTransaction(signed),
    lastValidBlockHeight: latest.lastValidBlockHeight,
    commitment,
    timeoutMs: options.timeoutMs,
    pollIntervalMs: options.pollIntervalMs,
  })
}

export interface SubmitOptions {
  rpcUrl: string
  /** The signed transaction, base64. */
  wire: Base64EncodedWireTransaction
  signature: Signature
  /** The block height after which its blockhash has expired. */
  lastValidBlockHeight: bigint
  commitment?: TransferCommitment
  timeoutMs?: number | undefined
  pollIntervalMs?: number | undefined
}

/** Sends a signed transaction and polls its status until it reaches `commitment`. */
export async function submitAndConfirm(options: SubmitOptions): Promise<Signature> {
  const { signature } = options
  const commitment = options.commitment ?? 'confirmed'
  const timeoutMs = options.timeoutMs ?? 90_000
  const pollIntervalMs = options.pollIntervalMs ?? 500
  const rpc = createSolanaRpc(options.rpcUrl)
  await rpc
    .sendTransaction(options.wire, { encoding: 'base64', preflightCommitment: commitment })
    .send()

  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.err) {
      throw new TransferFailedError(
        `transfer ${signature} failed: ${JSON.stringify(status.err, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}`,
        signature,
        status.err,
      )
    }
    if (status?.confirmationStatus && RANK[status.confirmationStatus] >= RANK[commitment]) {
      return signature
    }
    const height = await rpc.getBlockHeight({ commitment }).send()
    if (height > options.lastValidBlockHeight) {
      throw new TransferFailedError(`transfer ${signature} expired before it landed`, signature)
    }
    if (Date.now() >= deadline) {
      throw new TransferFailedError(`transfer ${signature} not confirmed in time`, signature)
    }
    await sleep(pollIntervalMs)
  }
}
