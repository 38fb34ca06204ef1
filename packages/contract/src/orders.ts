// Requests of the order endpoints.

import type { Static } from 'typebox'
import { IdParam } from './common.js'

/** `:id` of `GET /api/orders/:id`. */
export const OrderIdParam = IdParam
export type OrderIdParam = Static<typeof OrderIdParam>
