// Requests of the balance endpoints.

import Type, { type Static } from 'typebox'
import { Currency } from './common.js'
import { TOPUP_MAX_EUR } from './constants.js'

/**
 * The minimum of 5 EUR is deliberately not in the schema: the server answers TOPUP_MINIMUM
 * ("Minimum top-up amount is €5"), which the client shows as is. An amount with more than 2
 * decimals is also refused by the server.
 */
export const TopupBody = Type.Object({
  minimum_amount: Type.Number({
    maximum: TOPUP_MAX_EUR,
    description: 'Euro amount to top up, at least 5, at most 2 decimals',
  }),
  currency: Type.Optional(Currency),
})
export type TopupBody = Static<typeof TopupBody>
