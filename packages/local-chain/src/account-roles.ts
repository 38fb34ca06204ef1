// Which accounts a transaction may write: the message header's rules, less the runtime's
// demotions (keys called as programs, builtins and sysvars). The RPC shows it as `writable`, and
// the chain keeps the state of exactly these accounts after each transaction.
import type { LoadedAddresses } from './model.js'
import { SYSTEM_PROGRAM_ADDRESS } from './system-program.js'
import { isStaticWritable, type ParsedMessage } from './wire.js'

// Keys the runtime never lets a transaction write (builtins and sysvars), even if the message
// header says writable.
const RESERVED_KEYS = new Set([
  SYSTEM_PROGRAM_ADDRESS as string,
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'ComputeBudget111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'NativeLoader1111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
])

function isReserved(key: string): boolean {
  return RESERVED_KEYS.has(key) || key.startsWith('Sysvar')
}

/** Whether each account key (static, then loaded writable, then loaded read-only) is writable. */
export function writableFlags(message: ParsedMessage, loaded: LoadedAddresses): boolean[] {
  const calledAsProgram = new Set(message.instructions.map((ix) => ix.programIdIndex))
  const keyCount = message.staticAccountKeys.length
  const flags = message.staticAccountKeys.map(
    (key, index) =>
      isStaticWritable(message.header, keyCount, index) &&
      !calledAsProgram.has(index) &&
      !isReserved(key),
  )
  for (const key of loaded.writable) flags.push(!isReserved(key))
  for (const _ of loaded.readonly) flags.push(false)
  return flags
}

/** The keys among `accountKeys` that the transaction may write, each once. */
export function writableKeys(
  message: ParsedMessage,
  loaded: LoadedAddresses,
  accountKeys: readonly string[],
): string[] {
  const flags = writableFlags(message, loaded)
  return [...new Set(accountKeys.filter((_, index) => flags[index]))]
}
