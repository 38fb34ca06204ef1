// Play USDC for tests and the demo: minting it to a wallet, and a signed SPL Token transfer as a
// Solana Pay wallet sends one (an optional memo first, then TransferChecked to the recipient's
// associated token account with the reference as an extra read-only key). Both are built with the
// maintained @solana-program clients; the transfer uses only standard JSON-RPC, so it works
// against the local chain and a real cluster alike.
import {
  type AccountMeta,
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  signature as toSignature,
} from '@solana/kit'
import { getAddMemoInstruction } from '@solana-program/memo'
import {
  fetchMint,
  findAssociatedTokenPda,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import type { LocalChain } from './chain.js'
import type { LocalChainRpc } from './server.js'
import { submitAndConfirm, type TransferCommitment } from './transfer.js'

/** SPL Memo v2, the memo program Solana Pay and wallets use (the client defaults to another). */
const SPL_MEMO_ADDRESS = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')

export interface MintPlayUsdcOptions {
  /** For a served chain: how final the mint must be before this returns. Default "confirmed". */
  commitment?: TransferCommitment
  timeoutMs?: number
}

/**
 * Mints `microUsdc` play USDC (6 decimals) to `owner`'s associated token account, creating the
 * account if it is missing, in a real transaction signed by the mint authority (the faucet pays
 * the fee). On a bare LocalChain it returns once the transaction landed (processed); on a served
 * chain it sends it over JSON-RPC and waits for `commitment`.
 */
export async function mintPlayUsdc(
  target: LocalChain | LocalChainRpc,
  owner: string,
  microUsdc: bigint,
  options: MintPlayUsdcOptions = {},
): Promise<Signature> {
  // Told apart by shape, not instanceof: a process may load the package twice (source and dist).
  if (!('url' in target)) {
    const { wire } = await target.usdc.signedMintTo(owner, microUsdc, target.latestBlockhash())
    return toSignature(await target.sendTransaction(wire))
  }
  const commitment = options.commitment ?? 'confirmed'
  const latest = target.chain.latestBlockhash(commitment)
  const signed = await target.chain.usdc.signedMintTo(owner, microUsdc, latest)
  return submitAndConfirm({
    rpcUrl: target.url,
    wire: signed.base64,
    signature: signed.signature,
    lastValidBlockHeight: BigInt(latest.lastValidBlockHeight),
    commitment,
    timeoutMs: options.timeoutMs,
  })
}

export interface SendTokenTransferOptions {
  rpcUrl: string
  /** Pays the fee and owns the source: its associated token account of `mint`. */
  payer: KeyPairSigner
  mint: Address
  /** The recipient's wallet; the tokens go to its associated token account, which must exist. */
  to: Address
  /** In the mint's base units (micro-USDC for USDC). */
  amount: bigint
  /** Solana Pay reference: a read-only key on the transfer the merchant looks the payment up by. */
  reference?: Address
  /** Solana Pay memo, in a Memo instruction just before the transfer. */
  memo?: string
  commitment?: TransferCommitment
  timeoutMs?: number
  pollIntervalMs?: number
}

/** Sends an SPL Token transfer as a Solana Pay wallet does; resolves once it is confirmed. */
export async function sendTokenTransfer(options: SendTokenTransferOptions): Promise<Signature> {
  const commitment = options.commitment ?? 'confirmed'
  const rpc = createSolanaRpc(options.rpcUrl)
  const mint = await fetchMint(rpc, options.mint, { commitment })
  const tokenProgram = mint.programAddress
  const [[source], [destination], { value: latest }] = await Promise.all([
    findAssociatedTokenPda({ mint: options.mint, owner: options.payer.address, tokenProgram }),
    findAssociatedTokenPda({ mint: options.mint, owner: options.to, tokenProgram }),
    rpc.getLatestBlockhash({ commitment }).send(),
  ])
  const transfer = getTransferCheckedInstruction(
    {
      source,
      mint: options.mint,
      destination,
      authority: options.payer,
      amount: options.amount,
      decimals: mint.data.decimals,
    },
    { programAddress: tokenProgram },
  )
  const references: AccountMeta[] = options.reference
    ? [{ address: options.reference, role: AccountRole.READONLY }]
    : []
  const instructions: Instruction[] = [
    ...(options.memo === undefined
      ? []
      : [getAddMemoInstruction({ memo: options.memo }, { programAddress: SPL_MEMO_ADDRESS })]),
    { ...transfer, accounts: [...transfer.accounts, ...references] },
  ]
  // Legacy, as Solana Pay's createTransfer builds it: readers that set no
  // maxSupportedTransactionVersion (validateTransfer among them) can read it.
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(options.payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
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
