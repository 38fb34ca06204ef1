// The System Program through its official client (@solana-program/system): the SOL transfer the
// faucet, the demo wallet and the tests send, and the instructions the RPC's jsonParsed encoding
// names, with the field names of the RPC's own parser.
import {
  type AccountMeta,
  AccountRole,
  type Address,
  type Instruction,
  type InstructionWithAccounts,
  type InstructionWithData,
  type ReadonlyUint8Array,
  type TransactionSigner,
} from '@solana/kit'
import {
  getAllocateInstructionDataDecoder,
  getAssignInstructionDataDecoder,
  getCreateAccountInstructionDataDecoder,
  getTransferSolInstruction,
  getTransferSolInstructionDataDecoder,
  identifySystemInstruction,
  SystemInstruction,
} from '@solana-program/system'

export { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'

export const MEMO_PROGRAM_ADDRESSES: readonly string[] = [
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]
export const ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS = 'AddressLookupTab1e1111111111111111111111111'

export interface TransferSolInput {
  source: TransactionSigner
  destination: Address
  lamports: bigint
  /** Extra read-only keys (Solana Pay `reference`) that let a merchant find the transfer. */
  references?: readonly Address[]
}

/** The System Program transfer, with any Solana Pay references appended as read-only keys. */
export function transferSolInstruction(
  input: TransferSolInput,
): Instruction &
  InstructionWithAccounts<readonly AccountMeta[]> &
  InstructionWithData<ReadonlyUint8Array> {
  if (input.lamports < 0n || input.lamports > 0xffff_ffff_ffff_ffffn) {
    throw new RangeError('lamports must fit in a u64')
  }
  const transfer = getTransferSolInstruction({
    source: input.source,
    destination: input.destination,
    amount: input.lamports,
  })
  const references = (input.references ?? []).map(
    (reference): AccountMeta => ({ address: reference, role: AccountRole.READONLY }),
  )
  return { ...transfer, accounts: [...transfer.accounts, ...references] }
}

export interface ParsedSystemInstruction {
  type: string
  info: Record<string, unknown>
}

interface FixedDecoder<T> {
  fixedSize: number
  decode(bytes: ReadonlyUint8Array): T
}

/** Decodes `data` only when it has exactly the instruction's size, as the RPC's parser does. */
function exactly<T>(decoder: FixedDecoder<T>, data: Uint8Array): T | null {
  return data.length === decoder.fixedSize ? decoder.decode(data) : null
}

/**
 * The System Program instructions the shop and wallets send, named and shaped as the RPC's
 * jsonParsed encoding shows them; null for the others (shown partially decoded instead).
 */
export function parseSystemInstruction(
  data: Uint8Array,
  accounts: string[],
): ParsedSystemInstruction | null {
  let kind: SystemInstruction
  try {
    kind = identifySystemInstruction(data)
  } catch {
    return null
  }
  switch (kind) {
    case SystemInstruction.CreateAccount: {
      const parsed = exactly(getCreateAccountInstructionDataDecoder(), data)
      if (!parsed || accounts.length < 2) return null
      return {
        type: 'createAccount',
        info: {
          source: accounts[0],
          newAccount: accounts[1],
          lamports: parsed.lamports,
          space: parsed.space,
          owner: parsed.programAddress,
        },
      }
    }
    case SystemInstruction.Assign: {
      const parsed = exactly(getAssignInstructionDataDecoder(), data)
      if (!parsed || accounts.length < 1) return null
      return { type: 'assign', info: { account: accounts[0], owner: parsed.programAddress } }
    }
    case SystemInstruction.TransferSol: {
      const parsed = exactly(getTransferSolInstructionDataDecoder(), data)
      if (!parsed || accounts.length < 2) return null
      return {
        type: 'transfer',
        info: { source: accounts[0], destination: accounts[1], lamports: parsed.amount },
      }
    }
    case SystemInstruction.Allocate: {
      const parsed = exactly(getAllocateInstructionDataDecoder(), data)
      if (!parsed || accounts.length < 1) return null
      return { type: 'allocate', info: { account: accounts[0], space: parsed.space } }
    }
    default:
      return null
  }
}
