// The customers as the staff see them (docs/back-office.md, /customers): what the shop already holds of
// an account (name, balance and ledger, orders, tickets, how many sessions are live), never more;
// balance adjustments with a reason, and disabling an account.

import Type, { type Static } from 'typebox'
import { AdminPageFields, Euros, Id, Lang, Timestamp, Total } from '../common.js'
import { REASON_MAX_LENGTH, SEARCH_MAX_LENGTH } from '../constants.js'
import { BalanceHistory, OrderList, TicketList } from '../entities.js'

/** The largest balance change in one adjustment, either way. */
export const BALANCE_ADJUSTMENT_MAX_EUR = 100_000

export const AdminCustomer = Type.Object({
  id: Id,
  username: Type.String(),
  first_name: Type.String(),
  telegram: Type.Boolean({ description: 'Signs in through Telegram (no password)' }),
  balance_eur: Euros,
  orders_count: Type.Integer({
    minimum: 0,
    description: 'Paid orders (being prepared or delivered; not refunded)',
  }),
  created_at: Timestamp,
  disabled: Type.Boolean(),
})
export type AdminCustomer = Static<typeof AdminCustomer>

export const AdminCustomerList = Type.Object({
  customers: Type.Array(AdminCustomer),
  total: Total,
})
export type AdminCustomerList = Static<typeof AdminCustomerList>

export const AdminCustomersQuery = Type.Object({
  q: Type.Optional(
    Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'Part of the username' }),
  ),
  ...AdminPageFields,
})
export type AdminCustomersQuery = Static<typeof AdminCustomersQuery>

/** `?lang=` of the customer's page: product and ticket category names in the staff's language. */
export const AdminCustomerQuery = Type.Object({ lang: Type.Optional(Lang) })
export type AdminCustomerQuery = Static<typeof AdminCustomerQuery>

export const AdminCustomerDetail = Type.Object({
  ...AdminCustomer.properties,
  total_spent_eur: Type.Number({ description: 'What the paid orders cost after discounts' }),
  active_sessions: Type.Integer({
    minimum: 0,
    description: 'Signed-in devices: sessions neither revoked nor expired',
  }),
  ledger: Type.Object(BalanceHistory.properties, {
    description: 'The newest balance changes (the first page of /ledger)',
  }),
  orders: Type.Object(OrderList.properties, { description: 'The newest orders' }),
  tickets: Type.Object(TicketList.properties, { description: 'The most recently active tickets' }),
})
export type AdminCustomerDetail = Static<typeof AdminCustomerDetail>

/** `?page=&page_size=` of a customer's whole ledger, newest first. */
export const AdminLedgerQuery = Type.Object({ ...AdminPageFields })
export type AdminLedgerQuery = Static<typeof AdminLedgerQuery>

export const BalanceAdjustmentBody = Type.Object({
  change_eur: Type.Number({
    minimum: -BALANCE_ADJUSTMENT_MAX_EUR,
    maximum: BALANCE_ADJUSTMENT_MAX_EUR,
    not: { const: 0 },
    description:
      'Euros added (positive) or taken (negative), at most 2 decimals; never below a balance of zero',
  }),
  reason: Type.String({
    minLength: 1,
    maxLength: REASON_MAX_LENGTH,
    pattern: '\\S',
    description: "The ledger line's description: the customer reads it in their balance history",
  }),
})
export type BalanceAdjustmentBody = Static<typeof BalanceAdjustmentBody>
