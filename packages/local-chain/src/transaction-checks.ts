// What the RPC checks before a transaction reaches the runtime: its size, that it decodes, that
// its header and indexes are sane, and (at preflight) that its signatures verify.
import { address, getPublicKeyFromAddress, type SignatureBytes, verifySignature } from '@solana/kit'
import {
  type DescribedError,
  INVALID_PARAMS,
  JsonRpcError,
  SEND_TRANSACTION_PREFLIGHT_FAILURE,
} from './errors.js'
import {
  PACKET_DATA_SIZE,
  type ParsedTransaction,
  parseTransaction,
  SignatureCountError,
  WireFormatError,
} from './wire.js'

const SANITIZE_FAILURE = 'Transaction failed to sanitize accounts offsets correctly'

function invalidTransaction(text: string): JsonRpcError {
  return new JsonRpcError(INVALID_PARAMS, `invalid transaction: ${text}`)
}

/** Parses and sanitizes a wire transaction with the RPC's error messages. */
export function decodeTransaction(wire: Uint8Array): ParsedTransaction {
  if (wire.length > PACKET_DATA_SIZE) {
    throw JsonRpcError.invalidParams(
      `decoded solana_transaction::versioned::VersionedTransaction too large: ${wire.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`,
    )
  }
  let transaction: ParsedTransaction
  try {
    transaction = parseTransaction(wire)
  } catch (error) {
    // Signatures and signers that disagree in number decode fine; sanitizing refuses them.
    if (error instanceof SignatureCountError) throw invalidTransaction(SANITIZE_FAILURE)
    if (!(error instanceof WireFormatError)) throw error
    throw JsonRpcError.invalidParams(
      `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${error.message}`,
    )
  }
  const { header, staticAccountKeys, instructions, addressTableLookups } = transaction.message
  const keyCount = staticAccountKeys.length
  const loadedCount = addressTableLookups.reduce(
    (sum, lookup) => sum + lookup.writableIndexes.length + lookup.readonlyIndexes.length,
    0,
  )
  const sane =
    header.numRequiredSignatures >= 1 &&
    transaction.signatures.length === header.numRequiredSignatures &&
    header.numRequiredSignatures <= keyCount &&
    header.numReadonlySignedAccounts < header.numRequiredSignatures &&
    header.numReadonlyUnsignedAccounts <= keyCount - header.numRequiredSignatures &&
    instructions.every(
      (instruction) =>
        instruction.programIdIndex > 0 &&
        instruction.programIdIndex < keyCount &&
        instruction.accounts.every((index) => index < keyCount + loadedCount),
    )
  if (!sane) throw invalidTransaction(SANITIZE_FAILURE)
  if (new Set(staticAccountKeys).size !== keyCount) throw invalidTransaction('Account loaded twice')
  return transaction
}

/** Checks every required signature against its signer key (the RPC's preflight step 1). */
export async function signaturesAreValid(transaction: ParsedTransaction): Promise<boolean> {
  const { numRequiredSignatures } = transaction.message.header
  for (let i = 0; i < numRequiredSignatures; i++) {
    const key = transaction.message.staticAccountKeys[i]
    const signature = transaction.signatureBytes[i]
    if (!key || !signature) return false
    const publicKey = await getPublicKeyFromAddress(address(key))
    if (
      !(await verifySignature(publicKey, signature as SignatureBytes, transaction.messageBytes))
    ) {
      return false
    }
  }
  return true
}

/** The error sendTransaction answers when preflight simulation fails, with its logs. */
export function preflightFailure(
  err: DescribedError,
  simulation: { logs: string[]; unitsConsumed: bigint },
): JsonRpcError {
  return new JsonRpcError(
    SEND_TRANSACTION_PREFLIGHT_FAILURE,
    `Transaction simulation failed: ${err.text}`,
    {
      accounts: null,
      err: err.json,
      innerInstructions: null,
      logs: simulation.logs,
      replacementBlockhash: null,
      returnData: null,
      unitsConsumed: simulation.unitsConsumed,
    },
  )
}
