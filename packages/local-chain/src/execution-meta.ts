// Reads what LiteSVM reports about an execution into the RPC's terms (inner instructions, return
// data, memos), and resolves the keys a v0 message loads from address lookup tables.
import type { TransactionMetadata } from 'litesvm'
import type {
  AccountView,
  InnerInstructionSet,
  LoadedAddresses,
  ResolvedKeys,
  ReturnData,
} from './model.js'
import { ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS, MEMO_PROGRAM_ADDRESSES } from './system-program.js'
import { encodeBase58, type ParsedMessage } from './wire.js'

// An address lookup table's fixed header (LookupTableMeta) precedes its 32-byte addresses.
const LOOKUP_TABLE_META_SIZE = 56

export function innerInstructionsOf(meta: TransactionMetadata): InnerInstructionSet[] {
  const sets: InnerInstructionSet[] = []
  meta.innerInstructions().forEach((calls, index) => {
    // The RPC lists only top-level instructions that made calls.
    if (calls.length === 0) return
    sets.push({
      index,
      instructions: calls.map((call) => {
        const compiled = call.instruction()
        return {
          programIdIndex: compiled.programIdIndex(),
          accounts: Array.from(compiled.accounts()),
          data: Uint8Array.from(compiled.data()),
          stackHeight: call.stackHeight(),
        }
      }),
    })
  })
  return sets
}

export function returnDataOf(meta: TransactionMetadata): ReturnData | null {
  const returned = meta.returnData()
  const data = returned.data()
  if (data.length === 0) return null
  return { programId: encodeBase58(returned.programId()), data: Uint8Array.from(data) }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

export function memoOf(message: ParsedMessage): string | null {
  const memos: string[] = []
  for (const instruction of message.instructions) {
    const program = message.staticAccountKeys[instruction.programIdIndex]
    if (!program || !MEMO_PROGRAM_ADDRESSES.includes(program)) continue
    let text: string
    try {
      text = utf8.decode(instruction.data)
    } catch {
      text = '(unparseable)'
    }
    memos.push(`[${instruction.data.length}] ${text}`)
  }
  return memos.length > 0 ? memos.join('; ') : null
}

/** Resolves the keys a v0 message loads from lookup tables, as far as the tables allow. */
export function resolveAccountKeys(
  message: ParsedMessage,
  getAccount: (of: string) => AccountView | null,
): ResolvedKeys {
  const loadedAddresses: LoadedAddresses = { writable: [], readonly: [] }
  for (const lookup of message.addressTableLookups) {
    const table = getAccount(lookup.accountKey)
    if (!table || table.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS) continue
    const stored = (table.data.length - LOOKUP_TABLE_META_SIZE) / 32
    const at = (index: number) =>
      index < stored
        ? encodeBase58(
            table.data.subarray(
              LOOKUP_TABLE_META_SIZE + index * 32,
              LOOKUP_TABLE_META_SIZE + (index + 1) * 32,
            ),
          )
        : null
    for (const index of lookup.writableIndexes) {
      const key = at(index)
      if (key) loadedAddresses.writable.push(key)
    }
    for (const index of lookup.readonlyIndexes) {
      const key = at(index)
      if (key) loadedAddresses.readonly.push(key)
    }
  }
  return {
    accountKeys: [
      ...message.staticAccountKeys,
      ...loadedAddresses.writable,
      ...loadedAddresses.readonly,
    ],
    loadedAddresses,
  }
}
