import type { Api, ApiRouteName } from '@shop/contract'

/**
 * Method and URL of every route the web app calls, by its name in the contract's route table.
 * The table's type makes each line equal to the contract's entry, so a route moved or renamed
 * there fails the type check here. The contract's `api` itself is not imported at run time: its
 * entries hold every request and response schema, which would add TypeBox and all the schemas
 * (about 80 kB) to the bundle for two strings a route.
 */
export const endpoints = {
  config: { method: 'GET', url: '/api/config' },

  telegramLogin: { method: 'POST', url: '/api/auth/telegram/telegram-login' },
  register: { method: 'POST', url: '/api/auth/web/register' },
  login: { method: 'POST', url: '/api/auth/web/login' },
  checkUsername: { method: 'GET', url: '/api/auth/web/check-username/:username' },
  refresh: { method: 'POST', url: '/api/auth/telegram/refresh' },
  logout: { method: 'POST', url: '/api/auth/logout' },

  me: { method: 'GET', url: '/api/user/me' },
  stats: { method: 'GET', url: '/api/user/stats' },

  listProducts: { method: 'GET', url: '/api/products' },
  citiesWithProducts: { method: 'GET', url: '/api/products/cities-with-products' },
  districtsWithProducts: { method: 'GET', url: '/api/products/districts-with-products/:cityId' },

  getCart: { method: 'GET', url: '/api/cart' },
  addToCart: { method: 'POST', url: '/api/cart/add' },
  removeFromCart: { method: 'DELETE', url: '/api/cart/remove/:productId' },
  clearCart: { method: 'DELETE', url: '/api/cart/clear' },
  applyCoupon: { method: 'POST', url: '/api/cart/coupon/apply' },
  removeCoupon: { method: 'DELETE', url: '/api/cart/coupon/remove' },

  createPayment: { method: 'POST', url: '/api/payment/create' },
  paymentStatus: { method: 'GET', url: '/api/payment/status/:paymentCode' },
  submitSignature: { method: 'POST', url: '/api/payment/:paymentCode/submit-signature' },
  demoPay: { method: 'POST', url: '/api/dev/pay/:paymentCode' },

  getBalance: { method: 'GET', url: '/api/balance' },
  topup: { method: 'POST', url: '/api/balance/topup' },
  balanceHistory: { method: 'GET', url: '/api/balance/history' },

  listOrders: { method: 'GET', url: '/api/orders' },

  listCategories: { method: 'GET', url: '/api/support/categories' },
  createTicket: { method: 'POST', url: '/api/support/tickets' },
  listTickets: { method: 'GET', url: '/api/support/tickets' },
  getTicket: { method: 'GET', url: '/api/support/tickets/:id' },
  replyTicket: { method: 'POST', url: '/api/support/tickets/:id/reply' },
  faq: { method: 'GET', url: '/api/support/faq' },
} as const satisfies { [N in ApiRouteName]?: Pick<Api[N], 'method' | 'url'> }

/** A route the web app calls. */
export type WebRoute = keyof typeof endpoints
