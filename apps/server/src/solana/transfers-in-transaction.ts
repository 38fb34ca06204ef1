// What one transaction paid the merchant, transfer instruction by transfer instruction. An
// exchange's batch withdrawal pays several customers in one transaction, each with a System
// Program transfer of its own (and a Solana Pay reference as an extra read-only key of that
// instruction), so attribution is per instruction, never by the merchant's net balance change.
// What the merchant received that no transfer instruction explains (another program moving
// lamports) is kept as one more transfer, index -1, for the owner to look at. SPL token
// transfers to the merchant's token accounts are read from the token balances the same way
// (token-transfers.ts): the configured USDC mint counts, any other mint is an unknown token.
import type { PaymentCurrencyCode } from '@shop/contract'
import { getBase58Encoder } from '@solana/kit'
import {
  getTransferSolInstructionDataDecoder,
  getTransferSolWithSeedInstructionDataDecoder,
  identifySystemInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import { type TokenBalanceJson, tokenTransfersToMerchant } from './token-transfers.js'

/** A compiled instruction as `getTransaction` answers it in the `json` encoding. */
export interface CompiledInstruction {
  programIdIndex: number
  accounts: readonly number[]
  data: string
}

/** The parts of a `getTransaction` (`json`) answer this reads. */
export interface TransactionJson {
  slot: bigint
  blockTime: bigint | number | null
  transaction: {
    message: { accountKeys: readonly string[]; instructions: readonly CompiledInstruction[] }
  }
  meta: {
    err: unknown
    preBalances: readonly (bigint | number)[]
    postBalances: readonly (bigint | number)[]
    innerInstructions?:
      | readonly { index: number; instructions: readonly CompiledInstruction[] }[]
      | null
    loadedAddresses?: { writable: readonly string[]; readonly: readonly string[] } | null
    preTokenBalances?: readonly TokenBalanceJson[] | null
    postTokenBalances?: readonly TokenBalanceJson[] | null
  } | null
}

/** One transfer to the merchant. */
export interface InstructionTransfer {
  /**
   * The instruction's place: a top-level instruction's index, an inner one's
   * `(outer + 1) * 1000 + position`, and -1 for what no instruction explains.
   */
  index: number
  /** Base units: lamports for SOL, the token's units for a token transfer. */
  lamports: bigint
  /** SOL, USDC (the configured mint), or null for any other token. */
  currency: PaymentCurrencyCode | null
  /** The token's mint; null for SOL. */
  mint: string | null
  /** The paying address; null for the unexplained rest. */
  sender: string | null
  /**
   * Keys that may be a Solana Pay reference: the instruction's extra accounts; when the
   * transaction pays the merchant only once, also every other key of the transaction (a wallet
   * may attach the reference elsewhere).
   */
  references: string[]
  /** The instruction's own extra accounts only: empty means "sent without a reference". */
  ownReferences: string[]
}

export interface ReadTransaction {
  signature: string
  slot: bigint
  blockTime: Date | null
  failed: boolean
  transfers: InstructionTransfer[]
}

const INNER_INDEX_BASE = 1000
const bytesOf = getBase58Encoder()

/** Lamports and accounts of a System transfer to `merchant`, or null for any other instruction. */
function systemTransferTo(
  instruction: CompiledInstruction,
  keys: readonly string[],
  merchant: string,
): { lamports: bigint; sender: string; extra: string[] } | null {
  if (keys[instruction.programIdIndex] !== SYSTEM_PROGRAM_ADDRESS) return null
  let data: Uint8Array
  try {
    data = new Uint8Array(bytesOf.encode(instruction.data))
  } catch {
    return null
  }
  const accounts = instruction.accounts.map((index) => keys[index] ?? '')
  let kind: SystemInstruction
  try {
    kind = identifySystemInstruction(data)
  } catch {
    return null
  }
  if (kind === SystemInstruction.TransferSol && data.length === 12) {
    const [source, destination, ...extra] = accounts
    if (destination !== merchant || !source) return null
    return {
      lamports: getTransferSolInstructionDataDecoder().decode(data).amount,
      sender: source,
      extra,
    }
  }
  if (kind === SystemInstruction.TransferSolWithSeed) {
    const [source, , destination, ...extra] = accounts
    if (destination !== merchant || !source) return null
    const decoded = getTransferSolWithSeedInstructionDataDecoder().decode(data)
    return { lamports: decoded.amount, sender: source, extra }
  }
  return null
}

/**
 * Every transfer a transaction made to `merchant` (empty for a failed one): SOL, and tokens to
 * its token accounts (`usdcMint` is USDC; null: every token is an unknown one).
 */
export function transfersToMerchant(
  signature: string,
  tx: TransactionJson,
  merchant: string,
  usdcMint: string | null = null,
): ReadTransaction {
  const blockTime = tx.blockTime === null ? null : new Date(Number(tx.blockTime) * 1000)
  const failed = !tx.meta || tx.meta.err !== null
  const read: ReadTransaction = {
    signature,
    slot: BigInt(tx.slot),
    blockTime,
    failed,
    transfers: [],
  }
  if (!tx.meta || failed) return read
  const keys = [
    ...tx.transaction.message.accountKeys,
    ...(tx.meta.loadedAddresses?.writable ?? []),
    ...(tx.meta.loadedAddresses?.readonly ?? []),
  ]
  const found: { index: number; lamports: bigint; sender: string; extra: string[] }[] = []
  tx.transaction.message.instructions.forEach((instruction, index) => {
    const transfer = systemTransferTo(instruction, keys, merchant)
    if (transfer) found.push({ index, ...transfer })
  })
  for (const group of tx.meta.innerInstructions ?? []) {
    group.instructions.forEach((instruction, position) => {
      const transfer = systemTransferTo(instruction, keys, merchant)
      if (transfer)
        found.push({ index: (group.index + 1) * INNER_INDEX_BASE + position, ...transfer })
    })
  }
  const merchantIndex = keys.indexOf(merchant)
  const net =
    merchantIndex < 0
      ? 0n
      : BigInt(tx.meta.postBalances[merchantIndex] ?? 0) -
        BigInt(tx.meta.preBalances[merchantIndex] ?? 0)
  const explained = found.reduce((sum, transfer) => sum + transfer.lamports, 0n)
  const tokens = tokenTransfersToMerchant(
    keys,
    tx.transaction.message.instructions,
    tx.meta.innerInstructions ?? [],
    tx.meta.preTokenBalances ?? [],
    tx.meta.postTokenBalances ?? [],
    merchant,
    INNER_INDEX_BASE,
  )
  // A transaction that pays the merchant once may carry the reference anywhere among its keys.
  const onlyOne = found.length + tokens.transfers.length === 1
  const others = (own: readonly string[]) =>
    keys.filter((key) => key !== merchant && key !== SYSTEM_PROGRAM_ADDRESS && !own.includes(key))
  const currencyOf = (mint: string): PaymentCurrencyCode | null =>
    mint === usdcMint ? 'USDC' : null
  const transfers: InstructionTransfer[] = [
    ...found.map((transfer) => ({
      index: transfer.index,
      lamports: transfer.lamports,
      currency: 'SOL' as const,
      mint: null,
      sender: transfer.sender,
      references: onlyOne
        ? [...new Set([...transfer.extra, ...others([transfer.sender])])]
        : transfer.extra,
      ownReferences: transfer.extra,
    })),
    ...tokens.transfers.map((transfer) => ({
      index: transfer.index,
      lamports: transfer.amount,
      currency: currencyOf(transfer.mint),
      mint: transfer.mint,
      sender: transfer.sender,
      references: onlyOne
        ? [...new Set([...transfer.extra, ...others([transfer.sender, ...transfer.own])])]
        : transfer.extra,
      ownReferences: transfer.extra,
    })),
  ]
  read.transfers = transfers.sort((a, b) => a.index - b.index)
  if (net > explained) {
    read.transfers.push({
      index: -1,
      lamports: net - explained,
      currency: 'SOL',
      mint: null,
      sender: null,
      references: [],
      ownReferences: [],
    })
  }
  // What a token's balances show beyond its instructions: -2, -3… (one per mint).
  tokens.rests.forEach((rest, position) => {
    read.transfers.push({
      index: -2 - position,
      lamports: rest.amount,
      currency: currencyOf(rest.mint),
      mint: rest.mint,
      sender: null,
      references: [],
      ownReferences: [],
    })
  })
  return read
}
