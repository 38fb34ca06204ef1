// Short human-readable codes (payments, orders, tickets): crypto-random characters from an
// alphabet without look-alikes (no 0/O, 1/I/L), so they can be read out to support.
import crypto from 'node:crypto'

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

export function randomCode(prefix: string, length: number): string {
  let code = ''
  for (let i = 0; i < length; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)]
  return `${prefix}-${code}`
}
