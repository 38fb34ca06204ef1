// Builds every module's service once per app. Routes reach services only through this object;
// services call each other through it, never through routes.

import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import type { AppConfig } from './config.js'
import type { Database } from './db/client.js'
import { AppError } from './http/errors.js'
import { type AuthRateLimitOptions, createAuthRateLimits } from './modules/auth/rate-limits.js'
import { AccountService } from './modules/auth/service.js'
import { SessionService } from './modules/auth/sessions.js'
import { TelegramLoginService } from './modules/auth/telegram.js'
import { AccessTokens } from './modules/auth/tokens.js'
import { BalanceService } from './modules/balance/service.js'
import { CartService, type CartSnapshot, lineAvailable } from './modules/cart/service.js'
import { CatalogService } from './modules/catalog/service.js'
import { CouponService } from './modules/coupons/service.js'
import { OrderService } from './modules/orders/service.js'
import type { CartPort, CheckoutCart, CouponPort } from './modules/payments/ports.js'
import { PaymentService } from './modules/payments/service.js'
import { PaymentSignatureService } from './modules/payments/signatures.js'
import { SupportService } from './modules/support/service.js'
import { UserService } from './modules/users/service.js'
import { ChainClient } from './solana/chain-client.js'
import { type RateProvider, RateService, rateProviderFromConfig } from './solana/rates.js'
import { PaymentWatcher } from './solana/watcher.js'

export type Services = ReturnType<typeof createServices>

export interface ServiceOptions {
  /** Where services report operational events (the app's logger). */
  log?: FastifyBaseLogger
  /** Login and sign-up limits; tests shorten the windows. */
  authLimits?: AuthRateLimitOptions
  /** Where SOL payments are watched; without it crypto payments answer 503. */
  chain?: ChainSettings
  /** The EUR/SOL rate source; from the config when absent. */
  rateProvider?: RateProvider
}

export interface ChainSettings {
  rpcUrl: string
  merchantAddress: string
}

/** Pending payments stay open this long after the customer's countdown reaches 0. */
const EXPIRY_GRACE_MS = 60_000

const silentLog: FastifyBaseLogger = pino({ enabled: false })

export function createServices(
  config: AppConfig,
  database: Database,
  options: ServiceOptions = {},
) {
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (see secrets.ts)')
  const { db } = database
  const sessions = new SessionService(db, new AccessTokens(config.jwtSecret), database.tables)
  const accounts = new AccountService(db, sessions)
  const telegram = new TelegramLoginService(db, sessions, config.telegramBotToken)
  const authLimits = createAuthRateLimits(
    config.redisUrl,
    options.log ?? silentLog,
    options.authLimits,
  )
  const users = new UserService(db)
  const catalog = new CatalogService(db)
  const coupons = new CouponService(db)
  const cart = new CartService(db, coupons)
  const support = new SupportService(db)

  const log = options.log ?? silentLog
  const balance = new BalanceService(db)
  const orders = new OrderService(db)
  const rates = new RateService(options.rateProvider ?? rateProviderFromConfig(config), log)
  const chain = options.chain
    ? new ChainClient(options.chain.rpcUrl, options.chain.merchantAddress, config.solanaCommitment)
    : null
  const payments = new PaymentService(
    db,
    balance,
    checkoutCart(cart),
    coupons satisfies CouponPort,
    rates,
    {
      merchantAddress: options.chain?.merchantAddress ?? null,
      expiryMs: config.paymentExpiryMinutes * 60_000,
      expiryGraceMs: EXPIRY_GRACE_MS,
      shopLabel: 'Privacy shop',
    },
    log,
  )
  const paymentSignatures = new PaymentSignatureService(payments, chain)
  const watcher = chain ? new PaymentWatcher(db, chain, payments, log) : null
  return {
    sessions,
    accounts,
    telegram,
    authLimits,
    users,
    support,
    catalog,
    coupons,
    cart,
    balance,
    orders,
    rates,
    payments,
    paymentSignatures,
    watcher,
  }
}

/** The cart as checkout sees it (see checkoutView). */
function checkoutCart(cart: CartService): CartPort {
  return {
    async lock(tx, userId) {
      const { pendingCheckout, snapshot } = await cart.lockForCheckout(tx, userId)
      const dropped = snapshot.lines.length > 0 ? snapshot.droppedCoupon : null
      return {
        pendingCheckout,
        cart: async () => checkoutView(snapshot),
        couponRefused: dropped?.reason ?? null,
      }
    },
    async snapshot(userId, tx) {
      return checkoutView(await cart.snapshot(userId, tx))
    },
    removePaidUnits: (tx, userId, units, couponId) =>
      cart.removePaidUnits(tx, userId, units, couponId),
    removePaidUnitsSteps: (userId, units, couponId, options) =>
      cart.removePaidUnitsSteps(userId, units, couponId, options),
    markPendingCheckout: (tx, userId) => cart.markPendingCheckout(tx, userId),
  }
}

/**
 * Checkout charges exactly what the customer saw: a coupon that stopped being valid, or a line
 * that can no longer be bought, stops the checkout with its reason (the next cart read shows the
 * change) instead of charging a different amount.
 */
function checkoutView(snapshot: CartSnapshot): CheckoutCart {
  if (snapshot.droppedCoupon && snapshot.lines.length > 0) {
    throw new AppError(snapshot.droppedCoupon.reason)
  }
  const unavailable = snapshot.lines.find((line) => !lineAvailable(line))
  if (unavailable) {
    throw new AppError('PRODUCT_UNAVAILABLE', `${unavailable.name} is no longer available`)
  }
  return {
    lines: snapshot.lines.map((line) => ({
      productId: line.productId,
      productName: line.name,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
    })),
    subtotalCents: snapshot.subtotalCents,
    discountCents: snapshot.discountCents,
    totalCents: snapshot.totalCents,
    couponId: snapshot.coupon?.id ?? null,
  }
}
