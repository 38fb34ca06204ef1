// Short human-readable codes (payments, orders, tickets): crypto-random characters from an
// alphabet without look-alikes (no 0/O, 1/I), so they can be read out to support.
import crypto from 'node:crypto'

export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'

export function randomCode(prefix: string, length: number): string {
  let code = ''
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]
  return `${prefix}-${code}`
}
