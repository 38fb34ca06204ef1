// Ticket codes customers can read out or type: "T-" and six characters from an alphabet without
// the look-alikes 0/O and 1/I. 32 symbols give 32^6 (about a billion) codes, and a random byte
// modulo 32 is uniform, so no symbol is favoured.
import crypto from 'node:crypto'

export const TICKET_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
export const TICKET_CODE_LENGTH = 6
export const TICKET_CODE_PATTERN = new RegExp(
  `^T-[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_LENGTH}}$`,
)

export function newTicketCode(): string {
  let code = 'T-'
  for (const byte of crypto.randomBytes(TICKET_CODE_LENGTH)) {
    code += TICKET_CODE_ALPHABET.charAt(byte % TICKET_CODE_ALPHABET.length)
  }
  return code
}
