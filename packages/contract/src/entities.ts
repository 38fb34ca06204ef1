// The entities of the product specification, section 3, as the API sends them.
// Field names are the specification's (snake_case); euros are numbers with at most 2 decimals.

import Type, { type Static } from 'typebox'
import {
  Currency,
  Euros,
  Id,
  Lamports,
  Lang,
  Nullable,
  PageQuery,
  Sol,
  Timestamp,
  TokenAmount,
  Total,
} from './common.js'

// ---------------------------------------------------------------- users and sessions

export const User = Type.Object({
  id: Id,
  first_name: Type.String({ description: 'Display name (the username for web accounts)' }),
  username: Type.String(),
  telegram_id: Nullable(Type.Integer(), { description: 'Telegram user id, null for web accounts' }),
  created_at: Timestamp,
  balance_eur: Euros,
})
export type User = Static<typeof User>

export const TokenPair = Type.Object({
  access_token: Type.String({ description: 'Short-lived JWT, sent as `Authorization: Bearer`' }),
  refresh_token: Type.String({
    description: 'Opaque, single use: every refresh returns a new one',
  }),
})
export type TokenPair = Static<typeof TokenPair>

/** Login and register response. */
export const AuthResponse = Type.Object({
  ...TokenPair.properties,
  user: User,
})
export type AuthResponse = Static<typeof AuthResponse>

// ---------------------------------------------------------------- catalogue

// Names and descriptions come in the request's language (`?lang=`, else Accept-Language, else
// English); an empty Lithuanian text falls back to the English one.
export const Product = Type.Object({
  id: Id,
  name: Type.String({ description: "In the request's language" }),
  description: Type.String({ description: "In the request's language; may be empty" }),
  price: Euros,
  city_id: Id,
  city_name: Type.String(),
  district_id: Id,
  district_name: Type.String(),
  quantity: Type.Integer({ minimum: 0, description: 'Stock that can still be bought' }),
  is_available: Type.Boolean({ description: 'Active and quantity > 0' }),
  image_url: Nullable(Type.String(), {
    description:
      'Same-origin path of the product image (GET /api/products/{id}/image, WebP) naming its ' +
      'version, so a new image gets a new URL; null without an image',
  }),
})
export type Product = Static<typeof Product>

export const ProductList = Type.Object({
  products: Type.Array(Product),
  total: Type.Integer({ minimum: 0, description: 'Matching products over all pages' }),
})
export type ProductList = Static<typeof ProductList>

export const City = Type.Object({ id: Id, name: Type.String() })
export type City = Static<typeof City>

export const District = Type.Object({ id: Id, name: Type.String(), city_id: Id })
export type District = Static<typeof District>

export const CityList = Type.Object({ cities: Type.Array(City) })
export type CityList = Static<typeof CityList>

export const DistrictList = Type.Object({ districts: Type.Array(District) })
export type DistrictList = Static<typeof DistrictList>

/** Products grouped by city, then district. */
export const ProductsGrouped = Type.Object({
  /** Listed products of the filter over all pages (GROUPED_PAGE_SIZE a page, in city, district, id order). */
  total: Total,
  cities: Type.Array(
    Type.Object({
      id: Id,
      name: Type.String(),
      districts: Type.Array(
        Type.Object({
          id: Id,
          name: Type.String(),
          products: Type.Array(Product),
        }),
      ),
    }),
  ),
})
export type ProductsGrouped = Static<typeof ProductsGrouped>

// ---------------------------------------------------------------- cart

export const CartItem = Type.Object({
  product_id: Id,
  product_name: Type.String(),
  product_price: Euros,
  quantity: Type.Integer({ minimum: 1 }),
  total_price: Euros,
})
export type CartItem = Static<typeof CartItem>

export const Cart = Type.Object({
  items: Type.Array(CartItem),
  items_count: Type.Integer({ minimum: 0, description: 'Units in the cart (at most 3)' }),
  subtotal: Euros,
  discount: Type.Number({ description: 'Euro amount, at most 2 decimals, never above subtotal' }),
  total: Type.Number({ description: 'Euro amount, at most 2 decimals: subtotal - discount' }),
  applied_promo: Nullable(Type.String(), { description: 'The applied coupon code' }),
})
export type Cart = Static<typeof Cart>

// ---------------------------------------------------------------- payments

export const PaymentStatus = Type.Enum(['pending', 'confirmed', 'expired', 'cancelled'], {
  type: 'string',
  description: 'pending -> confirmed | expired | cancelled (final states never change)',
})
export type PaymentStatus = Static<typeof PaymentStatus>

export const PaymentMethod = Type.Enum(['balance', 'crypto'], { type: 'string' })
export type PaymentMethod = Static<typeof PaymentMethod>

export const PaymentKind = Type.Enum(['checkout', 'topup'], { type: 'string' })
export type PaymentKind = Static<typeof PaymentKind>

export const Payment = Type.Object({
  payment_code: Type.String(),
  kind: PaymentKind,
  method: PaymentMethod,
  status: PaymentStatus,
  expiration_time: Nullable(Timestamp, { description: 'Null for balance payments' }),
  wallet_address: Nullable(Type.String(), { description: "The merchant's Solana address" }),
  sol_amount: Nullable(Sol, { description: 'SOL to send (a multiple of 0.0001); null for USDC' }),
  lamports: Nullable(Lamports, { description: 'Null for USDC' }),
  currency: Nullable(Currency, { description: "The crypto payment's currency; null for balance" }),
  token_mint: Nullable(Type.String(), {
    description: 'The USDC mint a USDC payment is paid in; null for SOL and balance',
  }),
  token_amount: Nullable(TokenAmount, {
    description: 'What to send in base units (lamports or micro-USDC); null for balance',
  }),
  final_amount_eur: Euros,
  reference: Nullable(Type.String(), { description: 'Solana Pay reference key (base58)' }),
  solana_pay_url: Nullable(Type.String(), { description: 'Solana Pay transfer-request URL' }),
  received_sol: Nullable(Sol, { description: 'SOL that has arrived for this payment so far' }),
  received_token_amount: Nullable(TokenAmount, {
    description:
      'What has arrived so far in base units of its currency (lamports or micro-USDC); null for balance',
  }),
  created_at: Timestamp,
  confirmed_at: Nullable(Timestamp),
})
export type Payment = Static<typeof Payment>

export const PaymentHistory = Type.Object({
  payments: Type.Array(Payment),
  total: Total,
})
export type PaymentHistory = Static<typeof PaymentHistory>

/** My payments, a page at a time; `status=pending` lists those still waiting for SOL. */
export const PaymentHistoryQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(PaymentStatus),
})
export type PaymentHistoryQuery = Static<typeof PaymentHistoryQuery>

export const TopupResponse = Type.Object({
  payment_code: Type.String(),
  status: PaymentStatus,
  wallet_address: Type.String(),
  minimum_sol_amount: Nullable(Sol, { description: 'Null for USDC' }),
  amount_eur: Euros,
  lamports: Nullable(Lamports, { description: 'Null for USDC' }),
  currency: Currency,
  token_mint: Nullable(Type.String(), { description: 'The USDC mint; null for SOL' }),
  token_amount: TokenAmount,
  expiration_time: Timestamp,
  reference: Type.String(),
  solana_pay_url: Type.String(),
})
export type TopupResponse = Static<typeof TopupResponse>

// ---------------------------------------------------------------- balance

export const Balance = Type.Object({ balance_eur: Euros })
export type Balance = Static<typeof Balance>

export const BalanceTransactionKind = Type.Enum(
  ['topup', 'purchase', 'refund', 'overpayment', 'underpayment', 'late_payment', 'adjustment'],
  { type: 'string' },
)
export type BalanceTransactionKind = Static<typeof BalanceTransactionKind>

export const BalanceTransaction = Type.Object({
  id: Id,
  description: Type.String(),
  date: Timestamp,
  amount: Type.Number({ description: 'Signed euro amount, at most 2 decimals' }),
  kind: BalanceTransactionKind,
  order_code: Nullable(
    Type.String({ description: 'An order of the purchase this line paid or refunded' }),
  ),
  payment_code: Nullable(
    Type.String({ description: 'The payment (P-…) this line belongs to, if any' }),
  ),
})
export type BalanceTransaction = Static<typeof BalanceTransaction>

export const BalanceHistory = Type.Object({
  transactions: Type.Array(BalanceTransaction),
  total: Total,
})
export type BalanceHistory = Static<typeof BalanceHistory>

// ---------------------------------------------------------------- orders

/** pending -> processing (paid, awaiting manual delivery) -> completed | cancelled | refunded. */
export const OrderStatus = Type.Enum(
  ['pending', 'processing', 'completed', 'cancelled', 'refunded'],
  {
    type: 'string',
  },
)
export type OrderStatus = Static<typeof OrderStatus>

/** One order per cart unit. */
export const Order = Type.Object({
  id: Id,
  order_code: Type.String(),
  product_id: Id,
  product_name: Type.String(),
  product_price: Euros,
  paid_amount: Type.Number({ description: 'Euro amount paid for this unit, after discount' }),
  order_time: Timestamp,
  status: OrderStatus,
  payment_code: Type.String(),
})
export type Order = Static<typeof Order>

export const OrderList = Type.Object({
  orders: Type.Array(Order),
  total: Total,
})
export type OrderList = Static<typeof OrderList>

// ---------------------------------------------------------------- support

export const TicketStatus = Type.Enum(['open', 'answered', 'closed'], { type: 'string' })
export type TicketStatus = Static<typeof TicketStatus>

export const Ticket = Type.Object({
  id: Id,
  ticket_id: Type.String({ description: 'Human-readable code, e.g. T-7K3M9Q' }),
  title: Type.String(),
  status: TicketStatus,
  category_id: Id,
  category_name: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** The shop replied since the customer last opened the ticket. */
  unread: Type.Boolean(),
  payment_code: Nullable(Type.String(), {
    description: 'The payment a problem report is about; null for other tickets',
  }),
  order_code: Nullable(Type.String(), {
    description: 'The order the customer linked when opening the ticket; null for none',
  }),
})
export type Ticket = Static<typeof Ticket>

export const TicketMessageAuthor = Type.Enum(['customer', 'support'], { type: 'string' })
export type TicketMessageAuthor = Static<typeof TicketMessageAuthor>

export const TicketMessage = Type.Object({
  id: Id,
  author: TicketMessageAuthor,
  text: Type.String(),
  created_at: Timestamp,
})
export type TicketMessage = Static<typeof TicketMessage>

export const TicketDetail = Type.Object({
  ...Ticket.properties,
  messages: Type.Array(TicketMessage, { description: 'Oldest first' }),
})
export type TicketDetail = Static<typeof TicketDetail>

export const TicketList = Type.Object({
  tickets: Type.Array(Ticket),
  total: Total,
})
export type TicketList = Static<typeof TicketList>

export const TicketCategory = Type.Object({ id: Id, name: Type.String() })
export type TicketCategory = Static<typeof TicketCategory>

/** `GET /api/support/categories` answers with a bare array. */
export const CategoryList = Type.Array(TicketCategory)
export type CategoryList = Static<typeof CategoryList>

export const FaqItem = Type.Object({ question: Type.String(), answer: Type.String() })
export type FaqItem = Static<typeof FaqItem>

export const Faq = Type.Object({ items: Type.Array(FaqItem) })
export type Faq = Static<typeof Faq>

// ---------------------------------------------------------------- profile and system

export const Stats = Type.Object({
  total_orders: Type.Integer({ minimum: 0 }),
  total_spent: Euros,
  current_balance: Euros,
  active_tickets: Type.Integer({ minimum: 0 }),
})
export type Stats = Static<typeof Stats>

/** What the web app needs to know about the server before anyone logs in. */
export const PublicConfig = Type.Object({
  telegram_login: Type.Object({
    enabled: Type.Boolean(),
    bot_username: Nullable(Type.String(), { description: 'Bot for the Telegram Login Widget' }),
    bot_id: Nullable(Type.Integer(), {
      description:
        "The bot's public id (the number before the colon of its token), for Telegram's OAuth page",
    }),
  }),
  demo_wallet: Type.Boolean({
    description:
      'True when the server runs its own local chain and offers "Pay with the demo wallet"',
  }),
  languages: Type.Array(Lang),
  usdc_mint: Nullable(Type.String(), {
    description: 'The USDC mint the shop counts; null when no chain is configured',
  }),
  usdc_accepted: Type.Boolean({
    description:
      'Whether checkout and top-up take currency USDC (ACCEPT_USDC, and on a real cluster the merchant token account exists)',
  }),
})
export type PublicConfig = Static<typeof PublicConfig>

export const Health = Type.Object({ status: Type.Literal('ok') })
export type Health = Static<typeof Health>
