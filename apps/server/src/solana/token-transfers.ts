// What one transaction paid the merchant in SPL tokens (docs/usdc.md). The merchant's token
// accounts are those the transaction's token balances (`meta.preTokenBalances` and
// `postTokenBalances`, as a cluster's node fills them) say the merchant's wallet owns; what each
// received is counted as integers of base units (BigInt of `uiTokenAmount.amount`), never floats.
// Only the configured mint is USDC: any other mint paid to the merchant (a look-alike with the
// same decimals and name) is kept as a transfer of an unknown token, which pays nothing.
// Attribution is per Token-program Transfer / TransferChecked instruction, like SOL's, so an
// exchange's batch pays several payments; a transaction paying the merchant one token transfer
// counts what the balances moved, and what no instruction explains is kept for the owner.
import { getBase58Encoder } from '@solana/kit'
import {
  getTransferCheckedInstructionDataDecoder,
  getTransferInstructionDataDecoder,
  identifyTokenInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'

/** Token-2022 counts the same instructions: a mint may live under either program. */
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PeFr5uN5nQr7sFp'

/** One entry of `meta.preTokenBalances` / `postTokenBalances`. */
export interface TokenBalanceJson {
  accountIndex: number
  mint: string
  owner?: string
  programId?: string
  uiTokenAmount: { amount: string; decimals: number }
}

/** A compiled instruction as `getTransaction` answers it in the `json` encoding. */
interface Instruction {
  programIdIndex: number
  accounts: readonly number[]
  data: string
}

/** A token transfer into one of the merchant's token accounts. */
export interface FoundTokenTransfer {
  index: number
  mint: string
  amount: bigint
  /** The paying wallet (the source account's owner), or the signing authority. */
  sender: string
  /** The instruction's extra accounts (a Solana Pay reference goes there). */
  extra: string[]
  /** Keys of the instruction that are no reference: its token accounts, mint and authority. */
  own: string[]
}

/** What the merchant's token accounts of one mint received that no instruction explains. */
export interface UnexplainedTokenRest {
  mint: string
  amount: bigint
}

const bytesOf = getBase58Encoder()

function units(entry: TokenBalanceJson | undefined): bigint {
  const amount = entry?.uiTokenAmount.amount
  return amount && /^[0-9]+$/.test(amount) ? BigInt(amount) : 0n
}

/** A Transfer or TransferChecked to a merchant token account, or null. */
function tokenTransferTo(
  instruction: Instruction,
  keys: readonly string[],
  merchantAccounts: ReadonlyMap<number, string>,
): {
  destination: number
  amount: bigint
  source: number
  authority: string
  extra: number[]
} | null {
  const program = keys[instruction.programIdIndex]
  if (program !== TOKEN_PROGRAM_ADDRESS && program !== TOKEN_2022_PROGRAM_ADDRESS) return null
  let data: Uint8Array
  let kind: TokenInstruction
  try {
    data = new Uint8Array(bytesOf.encode(instruction.data))
    kind = identifyTokenInstruction(data)
  } catch {
    return null
  }
  const accounts = instruction.accounts
  if (kind === TokenInstruction.Transfer && data.length === 9) {
    const [source, destination, authority, ...extra] = accounts
    if (source === undefined || destination === undefined || authority === undefined) return null
    if (!merchantAccounts.has(destination)) return null
    const { amount } = getTransferInstructionDataDecoder().decode(data)
    return { destination, amount, source, authority: keys[authority] ?? '', extra }
  }
  if (kind === TokenInstruction.TransferChecked && data.length === 10) {
    const [source, , destination, authority, ...extra] = accounts
    if (source === undefined || destination === undefined || authority === undefined) return null
    if (!merchantAccounts.has(destination)) return null
    const { amount } = getTransferCheckedInstructionDataDecoder().decode(data)
    return { destination, amount, source, authority: keys[authority] ?? '', extra }
  }
  return null
}

/**
 * Every token transfer a (successful) transaction made to `merchant`'s token accounts, and per
 * mint what the balances show arrived beyond them. `innerBase` numbers inner instructions as
 * transfers-in-transaction.ts does.
 */
export function tokenTransfersToMerchant(
  keys: readonly string[],
  instructions: readonly Instruction[],
  inner: readonly { index: number; instructions: readonly Instruction[] }[],
  pre: readonly TokenBalanceJson[],
  post: readonly TokenBalanceJson[],
  merchant: string,
  innerBase: number,
): { transfers: FoundTokenTransfer[]; rests: UnexplainedTokenRest[] } {
  // The merchant's token accounts in this transaction, by key index, with their mint.
  const merchantAccounts = new Map<number, string>()
  const owners = new Map<number, string>()
  for (const entry of [...pre, ...post]) {
    if (entry.owner) owners.set(entry.accountIndex, entry.owner)
    if (entry.owner === merchant) merchantAccounts.set(entry.accountIndex, entry.mint)
  }
  if (merchantAccounts.size === 0) return { transfers: [], rests: [] }
  const found: FoundTokenTransfer[] = []
  const take = (instruction: Instruction, index: number) => {
    const transfer = tokenTransferTo(instruction, keys, merchantAccounts)
    if (!transfer) return
    const mint = merchantAccounts.get(transfer.destination) ?? ''
    found.push({
      index,
      mint,
      amount: transfer.amount,
      sender: owners.get(transfer.source) ?? transfer.authority,
      extra: transfer.extra.map((key) => keys[key] ?? ''),
      own: [
        keys[transfer.source] ?? '',
        keys[transfer.destination] ?? '',
        transfer.authority,
        mint,
        keys[instruction.programIdIndex] ?? '',
      ],
    })
  }
  for (const [index, instruction] of instructions.entries()) take(instruction, index)
  for (const group of inner) {
    for (const [position, instruction] of group.instructions.entries()) {
      take(instruction, (group.index + 1) * innerBase + position)
    }
  }
  // What each mint's merchant accounts gained, from the balances (integers of base units).
  const gained = new Map<string, bigint>()
  for (const [accountIndex, mint] of merchantAccounts) {
    const before = units(pre.find((entry) => entry.accountIndex === accountIndex))
    const after = units(post.find((entry) => entry.accountIndex === accountIndex))
    gained.set(mint, (gained.get(mint) ?? 0n) + after - before)
  }
  const rests: UnexplainedTokenRest[] = []
  for (const [mint, net] of gained) {
    const ofMint = found.filter((transfer) => transfer.mint === mint)
    const only = ofMint.length === 1 ? ofMint[0] : undefined
    // One transfer of the mint: it brought what the balances moved (the doc's rule).
    if (only && net > 0n) {
      only.amount = net
      continue
    }
    const explained = ofMint.reduce((sum, transfer) => sum + transfer.amount, 0n)
    if (net > explained) rests.push({ mint, amount: net - explained })
  }
  return { transfers: found, rests }
}
