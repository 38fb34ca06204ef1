// Builds every module's service once per app. Routes reach services only through this object;
// services call each other through it, never through routes. A module's service is the only code
// that touches its tables (db/schema/<module>.ts); the others ask it, or compose the steps it
// builds into their own statements.
import crypto from 'node:crypto'
import { LATE_PAYMENT_WINDOW_HOURS } from '@shop/contract'
import type { Column } from 'drizzle-orm'
import type { AppConfig } from './config.js'
import { shopDayRange, shopDays } from './db/calendar.js'
import type { Database } from './db/client.js'
import { runSteps } from './db/steps.js'
import { createCounterStore } from './http/rate-limit.js'
import { JobState } from './jobs.js'
import { silentLogger } from './logger.js'
import { AccountChanges } from './modules/auth/account-changes.js'
import { LoginChallenges } from './modules/auth/login-challenge.js'
import { LOGIN_WAIT_MS, LoginWaits } from './modules/auth/login-wait.js'
import { AuthRateLimits } from './modules/auth/rate-limits.js'
import { AccountService } from './modules/auth/service.js'
import { SessionService } from './modules/auth/sessions.js'
import { TelegramLoginService } from './modules/auth/telegram.js'
import { AccessTokens } from './modules/auth/tokens.js'
import { BackupService } from './modules/backups/service.js'
import { LedgerBooks } from './modules/balance/ledger-books.js'
import { BalanceService } from './modules/balance/service.js'
import { BooksService } from './modules/books/service.js'
import { cartCheckoutPort } from './modules/cart/checkout-port.js'
import { CartService } from './modules/cart/service.js'
import { AdminPlaces } from './modules/catalog/admin-places.js'
import { AdminProducts } from './modules/catalog/admin-products.js'
import { ProductImages } from './modules/catalog/images.js'
import { ProductExport } from './modules/catalog/product-export.js'
import { ProductImport } from './modules/catalog/product-import.js'
import { CatalogService } from './modules/catalog/service.js'
import { StockService } from './modules/catalog/stock.js'
import { AdminCoupons } from './modules/coupons/admin.js'
import { CouponService } from './modules/coupons/service.js'
import { DashboardService } from './modules/dashboard/service.js'
import { CodeVault } from './modules/delivery/code-vault.js'
import { DeliveryCodes } from './modules/delivery/service.js'
import { AdminOrders } from './modules/orders/admin.js'
import { OrderBooks } from './modules/orders/books.js'
import { OrderPages } from './modules/orders/detail.js'
import { OrderService } from './modules/orders/service.js'
import { createAdminMoney } from './modules/payments/admin-money.js'
import { PaymentCheckout } from './modules/payments/checkout.js'
import { PaymentLifecycle } from './modules/payments/lifecycle.js'
import type { PaymentSettings } from './modules/payments/model.js'
import type { CouponPort, DeliveryPort } from './modules/payments/ports.js'
import { PaymentQueries } from './modules/payments/queries.js'
import { RateHistory } from './modules/payments/rate-history.js'
import { PaymentSettlement } from './modules/payments/settlement.js'
import { PaymentSignatureService } from './modules/payments/signatures.js'
import { AdminContent } from './modules/support/admin-content.js'
import { AdminTickets } from './modules/support/admin-tickets.js'
import { eraseTicketsOf } from './modules/support/erasure.js'
import { SupportService } from './modules/support/service.js'
import { DatabaseCounterStore } from './modules/system/counter-store.js'
import { DiskSpace } from './modules/system/disk-space.js'
import { SystemService } from './modules/system/service.js'
import { AdminCustomers } from './modules/users/admin-customers.js'
import { UserService } from './modules/users/service.js'
import type { ServiceOptions } from './service-options.js'
import { ChainClient } from './solana/chain-client.js'
import { RateService, rateProvidersFromConfig } from './solana/rates.js'
import { PaymentWatcher } from './solana/watcher.js'
import { createStaffServices } from './staff-services.js'

export type Services = ReturnType<typeof createServices>

/** Pending payments are also looked up by their reference this often (a backstop). */
const WATCH_BACKSTOP_MS = 20_000

/** Pending payments stay open this long after the customer's countdown reaches 0. */
const EXPIRY_GRACE_MS = 60_000

export function createServices(
  config: AppConfig,
  database: Database,
  options: ServiceOptions = {},
) {
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (see secrets.ts)')
  if (!config.deliveryKey) throw new Error('buildApp needs config.deliveryKey (see secrets.ts)')
  const { db, tables } = database
  const log = options.log ?? silentLogger
  // The shop's one rate-limit store (memory, or Redis with REDIS_URL, or else PostgreSQL with
  // DATABASE_URL, which several processes may share): logins, sign-ups, tickets, reports.
  const rateLimits = createCounterStore({
    redisUrl: config.redisUrl,
    database: config.databaseUrl ? new DatabaseCounterStore(db) : null,
    log,
    now: options.authLimits?.now,
    redisKeyPrefix: options.authLimits?.redisKeyPrefix,
  })

  const shopToday = async () => (await shopDays(db, new Date(), 1, config.shopTimeZone)).today
  // Only PGlite keeps the database in DATA_DIR; a PostgreSQL server's disk is not this machine's.
  const disk =
    database.kind === 'pglite' ? new DiskSpace(config.dataDir, log, options.freeSpace) : null
  const system = new SystemService(db, () => disk?.full ?? false)
  const catalog = new CatalogService(db, tables)
  const productImages = new ProductImages(db)
  const stock = new StockService(db)
  const coupons = new CouponService(db)
  const cart = new CartService(db, coupons, stock)
  const settings: PaymentSettings = {
    merchantAddress: options.chain?.merchantAddress ?? null,
    expiryMs: config.paymentExpiryMinutes * 60_000,
    expiryGraceMs: EXPIRY_GRACE_MS,
    usdc: {
      mint: options.chain ? (options.chain.usdcMint ?? null) : null,
      accepted: config.acceptUsdc,
    },
  }
  const paymentQueries = new PaymentQueries(db)
  const orders = new OrderService(db, paymentQueries)
  const support = new SupportService(db, paymentQueries, orders, { counters: rateLimits })
  const deliveryCodes = new DeliveryCodes(
    db,
    new CodeVault(config.deliveryKey, config.deliveryKeyPrevious),
  )
  const paymentSummaries = (ids: readonly number[]) => paymentQueries.summariesOf(ids)
  const users = new UserService(db, { orders, support })
  const balance = new BalanceService(
    db,
    users,
    (paymentId) => orders.firstCodeOf(paymentId),
    (paymentId) => paymentQueries.codeOf(paymentId),
  )

  const sessions = new SessionService(db, new AccessTokens(config.jwtSecret), tables)
  const staff = createStaffServices(
    { ...config, jwtSecret: config.jwtSecret },
    database,
    rateLimits,
  )
  const accounts = new AccountService(db, users, sessions)
  const telegram = new TelegramLoginService(
    db,
    users,
    sessions,
    config.telegramBotToken,
    rateLimits,
  )
  const authLimits = new AuthRateLimits(
    rateLimits,
    options.authLimits?.limits,
    Buffer.from(crypto.hkdfSync('sha256', config.jwtSecret, 'privacy-shop', 'client-keys', 32)),
  )
  const loginChallenges = new LoginChallenges(config.jwtSecret, rateLimits)
  // On the counters' clock, which tests move.
  const loginWaits = new LoginWaits(
    config.jwtSecret,
    rateLimits,
    LOGIN_WAIT_MS,
    options.authLimits?.now,
  )

  const rateHistory = new RateHistory(db)
  const rates = new RateService(
    options.rateProvider ?? rateProvidersFromConfig(config),
    log,
    Date.now,
    rateHistory,
  )
  const usdcRates = new RateService(
    options.usdcRateProvider ?? rateProvidersFromConfig(config, 'USDC'),
    log,
    Date.now,
    rateHistory.recorderFor('USDC'),
  )
  const chain = options.chain
    ? new ChainClient(
        options.chain.rpcUrl,
        options.chain.merchantAddress,
        config.solanaCommitment,
        {
          pageLimit: options.chain.pageLimit,
          usdcMint: options.chain.usdcMint ?? null,
        },
      )
    : null
  const owners = {
    queries: paymentQueries,
    balance,
    stock,
    orders,
    cart: cartCheckoutPort(cart),
    coupons: coupons satisfies CouponPort,
    delivery: deliveryCodes satisfies DeliveryPort,
  }
  const lifecycle = new PaymentLifecycle(db, owners, settings)
  const checkout = new PaymentCheckout(
    db,
    { ...owners, lifecycle, rates: { SOL: rates, USDC: usdcRates } },
    settings,
  )
  const settlement = new PaymentSettlement(db, { lifecycle, balance, rateHistory }, log)
  const signatures = new PaymentSignatureService(paymentQueries, settlement, chain, rateLimits)
  const watcher = chain
    ? new PaymentWatcher(
        new JobState(db),
        chain,
        settlement,
        paymentQueries,
        {
          fastMs: config.watchIntervalMs,
          idleMs: config.watchIdleIntervalMs,
          backstopMs: options.chain?.backstopMs ?? WATCH_BACKSTOP_MS,
          firstLookBackMs: LATE_PAYMENT_WINDOW_HOURS * 60 * 60 * 1000,
        },
        log,
        options.chain?.wsUrl ?? null,
      )
    : null
  const services = {
    system,
    disk,
    rateLimits,
    sessions,
    accounts,
    telegram,
    authLimits,
    loginChallenges,
    loginWaits,
    users,
    accountChanges: new AccountChanges(db, {
      users,
      sessions,
      limits: authLimits,
      erasure: {
        closePendingPayments: async (tx, userId) => {
          await lifecycle.cancelPendingCrypto(tx, userId, 'checkout')
          await lifecycle.cancelPendingCrypto(tx, userId, 'topup')
        },
        emptyCart: (tx, userId) => cart.emptyIn(tx, userId),
        eraseTickets: eraseTicketsOf,
        eraseProblemReports: (tx, userId) => paymentQueries.eraseProblemReportsOf(tx, userId),
      },
    }),
    support,
    adminTickets: new AdminTickets(db, {
      audit: staff.audit,
      staffNames: (ids) => staff.team.usernames(ids),
      orders,
      payments: paymentQueries,
    }),
    catalog,
    productImages,
    coupons,
    cart,
    balance,
    orders,
    orderPages: new OrderPages(db, {
      payments: paymentSummaries,
      codes: (ids) => deliveryCodes.deliveredTo(ids),
    }),
    adminOrders: new AdminOrders(db, {
      audit: staff.audit,
      staffNames: (ids) => staff.team.usernames(ids),
      usernames: (ids) => users.usernames(ids),
      userIdOf: async (username) => (await users.findByUsername(username))?.id,
      payments: paymentSummaries,
      paymentIdOf: (code) => paymentQueries.idOfCode(code),
      refund: async (tx, entry) => {
        await runSteps(tx, [balance.credit({ ...entry, kind: 'refund' })])
      },
    }),
    rates,
    usdcRates,
    rateHistory,
    chain,
    payments: {
      queries: paymentQueries,
      checkout,
      lifecycle,
      settlement,
      signatures,
      usdc: settings.usdc,
    },
    watcher,
    staff,
    audit: staff.audit,
    adminContent: {
      coupons: new AdminCoupons(db, {
        audit: staff.audit,
        products: (ids) => catalog.labels(ids),
      }),
      content: new AdminContent(db, staff.audit),
    },
    adminCustomers: new AdminCustomers(db, {
      audit: staff.audit,
      balance,
      sessions,
      orders,
      support,
    }),
    adminMoney: createAdminMoney(db, {
      audit: staff.audit,
      balance,
      customers: users,
      rateHistory,
      staffNames: (ids) => staff.team.usernames(ids),
      rate: () => rates.status(),
      usdc: () => ({ rate: usdcRates.status(), ...settings.usdc }),
      watcher: watcher ? () => watcher.sharedStatus() : null,
    }),
    adminCatalog: {
      places: new AdminPlaces(db, staff.audit),
      importer: new ProductImport(db, staff.audit),
      exporter: new ProductExport(db, shopToday),
      products: new AdminProducts(db, {
        audit: staff.audit,
        sold: (ids) => orders.soldCounts(ids),
        staffNames: (ids) => staff.team.usernames(ids),
        images: productImages,
        codes: deliveryCodes,
      }),
    },
  }
  const customerNameOf = (userId: Column) => users.customerNameOf(userId)
  const orderBooks = new OrderBooks(db, { payments: paymentQueries, customerNameOf })
  const ledgerBooks = new LedgerBooks(db, {
    customerNameOf,
    paymentCodeOf: (paymentId) => paymentQueries.codeOf(paymentId),
    orderCodeOf: (paymentId) => orders.firstCodeOf(paymentId),
  })
  const generated = new Set(options.generatedKeys ?? [])
  const backups = new BackupService(
    database,
    {
      dir: config.backupDir,
      backupKey: config.backupKey,
      intervalHours: config.backupIntervalHours,
      keep: config.backupKeep,
      keys: {
        JWT_SECRET: { value: config.jwtSecret, generated: generated.has('JWT_SECRET') },
        DELIVERY_KEY: { value: config.deliveryKey, generated: generated.has('DELIVERY_KEY') },
      },
    },
    staff.audit,
    log,
  )
  return {
    ...services,
    books: new BooksService({
      range: (query) => shopDayRange(db, query, new Date(), config.shopTimeZone),
      orders: (range, after, limit) => orderBooks.page(range, after, limit),
      ledger: (range, after, limit) => ledgerBooks.page(range, after, limit),
    }),
    backups,
    dashboard: new DashboardService(
      {
        sales: (from, timeZone) => orders.salesByDay(from, timeZone),
        ordersWaiting: () => orders.waitingCount(),
        payments: (from) => paymentQueries.dashboardFigures(from),
        openTickets: () => support.openCount(),
        runningOut: (threshold, limit) => stock.runningOut(threshold, limit),
        money: () => services.adminMoney.status.status(),
        unmatchedTransfers: () => services.adminMoney.status.unmatchedCount(),
        backups: () => backups.health(),
        disk: () => disk?.health ?? null,
        days: (now, days, timeZone) => shopDays(db, now, days, timeZone),
      },
      config.shopTimeZone,
    ),
  }
}
