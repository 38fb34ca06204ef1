// Reads Solana's wire format for transactions (legacy and v0). The ledger keeps what the RPC
// reports later (account keys, header, instructions, lookups) and the RPC must turn malformed input
// into a JSON-RPC error instead of handing it to the runtime.
import { getBase58Decoder } from '@solana/kit'

/** The largest serialized transaction a cluster accepts (the IPv6 MTU minus headers). */
export const PACKET_DATA_SIZE = 1232

export interface MessageHeader {
  numRequiredSignatures: number
  numReadonlySignedAccounts: number
  numReadonlyUnsignedAccounts: number
}

export interface CompiledInstruction {
  programIdIndex: number
  accounts: number[]
  data: Uint8Array
}

export interface AddressTableLookup {
  accountKey: string
  writableIndexes: number[]
  readonlyIndexes: number[]
}

export interface ParsedMessage {
  version: 'legacy' | 0
  header: MessageHeader
  /** Base58 keys written in the message itself (not those loaded from lookup tables). */
  staticAccountKeys: string[]
  recentBlockhash: string
  /** Byte offset of the recent blockhash inside the message, to replace it for simulation. */
  recentBlockhashOffset: number
  instructions: CompiledInstruction[]
  addressTableLookups: AddressTableLookup[]
}

export interface ParsedTransaction {
  /** The serialized transaction itself. */
  wire: Uint8Array
  /** Where the message starts inside `wire`, after the signatures. */
  messageOffset: number
  /** Base58 signatures, in the order of the signer keys. */
  signatures: string[]
  signatureBytes: Uint8Array[]
  messageBytes: Uint8Array
  message: ParsedMessage
}

export class WireFormatError extends Error {
  override name = 'WireFormatError'
}

class Reader {
  offset = 0
  constructor(readonly bytes: Uint8Array) {}

  u8(): number {
    const value = this.bytes[this.offset]
    if (value === undefined) throw new WireFormatError('unexpected end of data')
    this.offset += 1
    return value
  }

  /** Solana's "compact-u16" (shortvec) length prefix: 7 bits per byte, at most 3 bytes. */
  compactU16(): number {
    let value = 0
    for (let i = 0; i < 3; i++) {
      const byte = this.u8()
      value |= (byte & 0x7f) << (7 * i)
      if ((byte & 0x80) === 0) {
        if (value > 0xffff) throw new WireFormatError('compact-u16 out of range')
        return value
      }
    }
    throw new WireFormatError('compact-u16 too long')
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) {
      throw new WireFormatError('unexpected end of data')
    }
    const slice = this.bytes.subarray(this.offset, this.offset + length)
    this.offset += length
    return slice
  }
}

const base58 = getBase58Decoder()

export function encodeBase58(bytes: Uint8Array): string {
  return base58.decode(bytes)
}

export function parseMessage(messageBytes: Uint8Array): ParsedMessage {
  const reader = new Reader(messageBytes)
  const first = messageBytes[0]
  if (first === undefined) throw new WireFormatError('empty message')
  let version: 'legacy' | 0 = 'legacy'
  // The top bit of the first byte marks a versioned message; a legacy message starts with the
  // number of signatures, which is always below 128.
  if (first & 0x80) {
    const number = first & 0x7f
    if (number !== 0) throw new WireFormatError(`unsupported transaction version ${number}`)
    version = 0
    reader.u8()
  }
  const header: MessageHeader = {
    numRequiredSignatures: reader.u8(),
    numReadonlySignedAccounts: reader.u8(),
    numReadonlyUnsignedAccounts: reader.u8(),
  }
  const keyCount = reader.compactU16()
  const staticAccountKeys: string[] = []
  for (let i = 0; i < keyCount; i++) staticAccountKeys.push(encodeBase58(reader.take(32)))
  const recentBlockhashOffset = reader.offset
  const recentBlockhash = encodeBase58(reader.take(32))
  const instructionCount = reader.compactU16()
  const instructions: CompiledInstruction[] = []
  for (let i = 0; i < instructionCount; i++) {
    const programIdIndex = reader.u8()
    const accounts = Array.from(reader.take(reader.compactU16()))
    const data = Uint8Array.from(reader.take(reader.compactU16()))
    instructions.push({ programIdIndex, accounts, data })
  }
  const addressTableLookups: AddressTableLookup[] = []
  if (version === 0) {
    const lookupCount = reader.compactU16()
    for (let i = 0; i < lookupCount; i++) {
      const accountKey = encodeBase58(reader.take(32))
      const writableIndexes = Array.from(reader.take(reader.compactU16()))
      const readonlyIndexes = Array.from(reader.take(reader.compactU16()))
      addressTableLookups.push({ accountKey, writableIndexes, readonlyIndexes })
    }
  }
  if (reader.offset !== messageBytes.length) {
    throw new WireFormatError('trailing bytes after the message')
  }
  return {
    version,
    header,
    staticAccountKeys,
    recentBlockhash,
    recentBlockhashOffset,
    instructions,
    addressTableLookups,
  }
}

export function parseTransaction(wire: Uint8Array): ParsedTransaction {
  const reader = new Reader(wire)
  const signatureCount = reader.compactU16()
  const signatureBytes: Uint8Array[] = []
  for (let i = 0; i < signatureCount; i++) signatureBytes.push(Uint8Array.from(reader.take(64)))
  const messageOffset = reader.offset
  const messageBytes = Uint8Array.from(wire.subarray(messageOffset))
  const message = parseMessage(messageBytes)
  return {
    wire: Uint8Array.from(wire),
    messageOffset,
    signatures: signatureBytes.map(encodeBase58),
    signatureBytes,
    messageBytes,
    message,
  }
}

/**
 * Whether the account at `index` of the message's own keys is writable by the header's rules
 * (signers first, then non-signers; the read-only ones come last in each group).
 */
export function isStaticWritable(header: MessageHeader, keyCount: number, index: number): boolean {
  if (index < header.numRequiredSignatures) {
    return index < header.numRequiredSignatures - header.numReadonlySignedAccounts
  }
  return index < keyCount - header.numReadonlyUnsignedAccounts
}
