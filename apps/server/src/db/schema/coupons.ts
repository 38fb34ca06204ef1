// Tables of the coupons module: the coupons and every redemption a payment reserved.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.js'
import { payments } from './payments.js'
import { users } from './users.js'

export const couponKind = pgEnum('coupon_kind', ['percent', 'fixed'])

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    kind: couponKind('kind').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    minSubtotalCents: integer('min_subtotal_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    maxPerUser: integer('max_per_user'),
    // Reserved plus redeemed; compared with max_redemptions in one conditional UPDATE.
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    active: boolean('active').notNull().default(true),
    description: text('description').notNull().default(''),
    // Products the coupon does not discount (the demo's WELCOME10: its gift cards): their lines
    // count towards the minimum subtotal but take no discount. Ids without a foreign key (the
    // catalog owns products); an id whose product is gone excludes nothing.
    excludedProductIds: integer('excluded_product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_key').on(sql`lower(${t.code})`),
    check(
      'coupons_kind_amount',
      sql`(${t.kind} = 'percent' AND ${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffCents} IS NULL)
        OR (${t.kind} = 'fixed' AND ${t.amountOffCents} > 0 AND ${t.percentOff} IS NULL)`,
    ),
    check('coupons_times_redeemed_non_negative', sql`${t.timesRedeemed} >= 0`),
  ],
)

export const couponRedemptionStatus = pgEnum('coupon_redemption_status', [
  'reserved',
  'redeemed',
  'released',
])

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    status: couponRedemptionStatus('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
)
