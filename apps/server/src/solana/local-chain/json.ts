// JSON output in which bigints become plain JSON numbers. The real RPC writes u64 values
// (lamports, slots) as numbers, some beyond 2^53, and clients such as @solana/kit parse them
// as bigint; JSON.stringify refuses bigints and Number() would round them.

export function stringifyJson(value: unknown): string {
  const out = write(value)
  return out ?? 'null'
}

function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'bigint':
      return value.toString()
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null'
    case 'string':
      return JSON.stringify(value)
    case 'boolean':
      return value ? 'true' : 'false'
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined
  }
  if (value === null) return 'null'
  if (Array.isArray(value)) {
    return `[${value.map((item) => write(item) ?? 'null').join(',')}]`
  }
  const parts: string[] = []
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const text = write(item)
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`)
  }
  return `{${parts.join(',')}}`
}

// Integers with more digits than this may exceed 2^53 and would be rounded by JSON.parse.
const SAFE_DIGITS = 15
const BIGINT_KEY = '$bigint'

/**
 * JSON.parse that keeps large integers exact as bigint (clients send u64 lamports as plain JSON
 * numbers). Long integer literals outside strings are wrapped before parsing and unwrapped by
 * the reviver.
 */
export function parseJsonWithBigInts(text: string): unknown {
  let out = ''
  let copiedUpTo = 0
  let i = 0
  while (i < text.length) {
    const char = text[i]
    if (char === '"') {
      i++
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
      i++
      continue
    }
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) {
      const start = i
      while (i < text.length && /[-+0-9.eE]/.test(text[i] ?? '')) i++
      const token = text.slice(start, i)
      if (/^-?\d+$/.test(token) && token.replace('-', '').length > SAFE_DIGITS) {
        out += `${text.slice(copiedUpTo, start)}{"${BIGINT_KEY}":"${token}"}`
        copiedUpTo = i
      }
      continue
    }
    i++
  }
  out += text.slice(copiedUpTo)
  return JSON.parse(out, (_key, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value)
      const wrapped = (value as Record<string, unknown>)[BIGINT_KEY]
      if (keys.length === 1 && typeof wrapped === 'string') return BigInt(wrapped)
    }
    return value
  })
}
