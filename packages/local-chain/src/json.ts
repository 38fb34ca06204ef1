// JSON with exact u64 values, through @solana/kit's own helpers. The real RPC writes u64 values
// (lamports, slots) as plain JSON numbers, some beyond 2^53, and clients send them so too;
// JSON.stringify refuses bigints and JSON.parse would round them.
import {
  parseJsonWithBigInts as parseAllIntegersAsBigInts,
  stringifyJsonWithBigInts,
} from '@solana/rpc-spec-types'

/** JSON text in which bigints are plain JSON numbers. */
export function stringifyJson(value: unknown): string {
  // JSON.stringify has no text for a bare undefined; the old writer answered null.
  return value === undefined ? 'null' : stringifyJsonWithBigInts(value)
}

/** Integers that fit a double exactly go back to numbers, which the methods' checks expect. */
function narrow(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value
  }
  if (Array.isArray(value)) return value.map(narrow)
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own properties, so a "__proto__" key stays data.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, narrow(item)]))
  }
  return value
}

/** JSON.parse that keeps integers beyond 2^53 exact as bigint; smaller ones stay numbers. */
export function parseJsonWithBigInts(text: string): unknown {
  return narrow(parseAllIntegersAsBigInts(text))
}
