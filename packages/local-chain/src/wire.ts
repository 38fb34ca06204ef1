// Solana's wire format for transactions (legacy and v0), read with @solana/kit's codecs into the
// shape the ledger keeps and the RPC reports (account keys, header, instructions, lookups).
// Malformed input becomes a WireFormatError, which the RPC turns into a JSON-RPC error instead of
// handing it to the runtime.
import {
  type Blockhash,
  type CompiledTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getTransactionVersionDecoder,
  isSolanaError,
  SOLANA_ERROR__TRANSACTION__MESSAGE_SIGNATURES_MISMATCH,
  type Transaction,
} from '@solana/kit'

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
  instructions: CompiledInstruction[]
  addressTableLookups: AddressTableLookup[]
}

export interface ParsedTransaction {
  /** The serialized transaction itself. */
  wire: Uint8Array
  /** Base58 signatures, in the order of the signer keys. */
  signatures: string[]
  signatureBytes: Uint8Array[]
  messageBytes: Uint8Array
  message: ParsedMessage
  /** The same transaction as @solana/kit (and LiteSVM) take it. */
  kit: Transaction
}

export class WireFormatError extends Error {
  override name = 'WireFormatError'
}

/** Well-formed bytes that no valid transaction has: signatures and signers disagree in number. */
export class SignatureCountError extends WireFormatError {
  override name = 'SignatureCountError'
}

type DecodedMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>

const base58 = getBase58Decoder()
const transactionDecoder = getTransactionDecoder()
const transactionEncoder = getTransactionEncoder()
const messageDecoder = getCompiledTransactionMessageDecoder()
const messageEncoder = getCompiledTransactionMessageEncoder()
const versionDecoder = getTransactionVersionDecoder()
const NO_SIGNATURE = new Uint8Array(64)

export function encodeBase58(bytes: Uint8Array): string {
  return base58.decode(bytes)
}

function sameBytes(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The compiled message of kit, checked to be a whole legacy or v0 message. */
function decodeCompiledMessage(messageBytes: Uint8Array): DecodedMessage {
  if (messageBytes.length === 0) throw new WireFormatError('empty message')
  let version: ReturnType<typeof versionDecoder.decode>
  let compiled: DecodedMessage
  let end: number
  try {
    version = versionDecoder.decode(messageBytes)
  } catch (error) {
    throw new WireFormatError(describe(error))
  }
  // kit also reads v1 messages, which the runtime imitated here (agave 2.3) does not accept.
  if (version !== 'legacy' && version !== 0) {
    throw new WireFormatError(`unsupported transaction version ${version}`)
  }
  try {
    ;[compiled, end] = messageDecoder.read(messageBytes, 0)
  } catch (error) {
    throw new WireFormatError(describe(error))
  }
  if (end !== messageBytes.length) throw new WireFormatError('trailing bytes after the message')
  // kit's decoder reads a missing trailing count as zero and accepts overlong compact-u16
  // lengths; the runtime accepts only the one canonical encoding, which re-encodes unchanged.
  if (!sameBytes(messageEncoder.encode(compiled), messageBytes)) {
    throw new WireFormatError('unexpected end of data or non-canonical encoding in the message')
  }
  return compiled
}

export function parseMessage(messageBytes: Uint8Array): ParsedMessage {
  const compiled = decodeCompiledMessage(messageBytes)
  if (compiled.version === 1) throw new WireFormatError('unsupported transaction version 1')
  return {
    version: compiled.version,
    header: {
      numRequiredSignatures: compiled.header.numSignerAccounts,
      numReadonlySignedAccounts: compiled.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: compiled.header.numReadonlyNonSignerAccounts,
    },
    staticAccountKeys: [...compiled.staticAccounts],
    recentBlockhash: compiled.lifetimeToken,
    instructions: compiled.instructions.map((instruction) => ({
      programIdIndex: instruction.programAddressIndex,
      accounts: [...(instruction.accountIndices ?? [])],
      data: Uint8Array.from(instruction.data ?? []),
    })),
    addressTableLookups: (
      ('addressTableLookups' in compiled ? compiled.addressTableLookups : undefined) ?? []
    ).map((lookup) => ({
      accountKey: lookup.lookupTableAddress,
      writableIndexes: [...lookup.writableIndexes],
      readonlyIndexes: [...lookup.readonlyIndexes],
    })),
  }
}

export function parseTransaction(wire: Uint8Array): ParsedTransaction {
  let kit: Transaction
  let end: number
  try {
    ;[kit, end] = transactionDecoder.read(wire, 0)
  } catch (error) {
    if (isSolanaError(error, SOLANA_ERROR__TRANSACTION__MESSAGE_SIGNATURES_MISMATCH)) {
      throw new SignatureCountError(describe(error))
    }
    throw new WireFormatError(describe(error))
  }
  const messageBytes = Uint8Array.from(kit.messageBytes)
  const message = parseMessage(messageBytes)
  if (end !== wire.length || !sameBytes(transactionEncoder.encode(kit), wire)) {
    throw new WireFormatError('non-canonical encoding of the signatures')
  }
  // kit keys the signatures by signer address; the wire order is the order of the signer keys.
  const signers = message.staticAccountKeys.slice(0, message.header.numRequiredSignatures)
  const signatures = kit.signatures as Readonly<Record<string, Uint8Array | null>>
  const signatureBytes = signers.map((signer) =>
    Uint8Array.from(signatures[signer] ?? NO_SIGNATURE),
  )
  return {
    wire: Uint8Array.from(wire),
    signatures: signatureBytes.map(encodeBase58),
    signatureBytes,
    messageBytes,
    message,
    kit,
  }
}

/** The same transaction with another recent blockhash (simulateTransaction's replacement). */
export function withRecentBlockhash(
  transaction: ParsedTransaction,
  blockhash: string,
): ParsedTransaction {
  const compiled = decodeCompiledMessage(transaction.messageBytes)
  const replaced = { ...compiled, lifetimeToken: blockhash as Blockhash }
  const messageBytes = messageEncoder.encode(replaced as unknown as CompiledTransactionMessage)
  const wire = transactionEncoder.encode({
    ...transaction.kit,
    messageBytes: messageBytes as Transaction['messageBytes'],
  })
  return parseTransaction(Uint8Array.from(wire))
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
