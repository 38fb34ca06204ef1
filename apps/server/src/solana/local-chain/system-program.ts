// The System Program's transfer instruction, built by hand: the shop's server package does not
// declare @solana-program/system, and a transfer is 12 bytes of well-known layout
// (u32 LE instruction index 2, then u64 LE lamports).
import {
  type AccountMeta,
  AccountRole,
  type AccountSignerMeta,
  type Address,
  address,
  type InstructionWithAccounts,
  type InstructionWithData,
  type TransactionSigner,
} from '@solana/kit'

export const SYSTEM_PROGRAM_ADDRESS = address('11111111111111111111111111111111')
export const MEMO_PROGRAM_ADDRESSES: readonly string[] = [
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
]
export const ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS = 'AddressLookupTab1e1111111111111111111111111'

const TRANSFER_INDEX = 2

export interface TransferSolInput {
  source: TransactionSigner
  destination: Address
  lamports: bigint
  /** Extra read-only keys (Solana Pay `reference`) that let a merchant find the transfer. */
  references?: readonly Address[]
}

export function transferSolInstruction(
  input: TransferSolInput,
): InstructionWithAccounts<readonly (AccountMeta | AccountSignerMeta)[]> &
  InstructionWithData<Uint8Array> {
  if (input.lamports < 0n || input.lamports > 0xffff_ffff_ffff_ffffn) {
    throw new RangeError('lamports must fit in a u64')
  }
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, TRANSFER_INDEX, true)
  view.setBigUint64(4, input.lamports, true)
  const payer: AccountSignerMeta = {
    address: input.source.address,
    role: AccountRole.WRITABLE_SIGNER,
    signer: input.source,
  }
  const others: AccountMeta[] = [
    { address: input.destination, role: AccountRole.WRITABLE },
    ...(input.references ?? []).map((reference) => ({
      address: reference,
      role: AccountRole.READONLY,
    })),
  ]
  return { programAddress: SYSTEM_PROGRAM_ADDRESS, accounts: [payer, ...others], data }
}
