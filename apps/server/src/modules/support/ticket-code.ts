// Ticket codes customers can read out or type: "T-" and six characters of the shop's code
// alphabet (lib/codes.ts): 32^6, about a billion codes.
import { CODE_ALPHABET, randomCode } from '../../lib/codes.js'

export const TICKET_CODE_ALPHABET = CODE_ALPHABET
export const TICKET_CODE_LENGTH = 6
export const TICKET_CODE_PATTERN = new RegExp(
  `^T-[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_LENGTH}}$`,
)

export function newTicketCode(): string {
  return randomCode('T', TICKET_CODE_LENGTH)
}
