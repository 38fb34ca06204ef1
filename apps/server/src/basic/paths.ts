// Where the basic shop's pages are (decision 0049). Every link and form action is built from
// here, so the two people building its pages agree on them.
export const BASIC_PREFIX = '/basic'

export const BASIC_PATHS = {
  home: BASIC_PREFIX,
  login: `${BASIC_PREFIX}/login`,
  register: `${BASIC_PREFIX}/register`,
  logout: `${BASIC_PREFIX}/logout`,
  language: `${BASIC_PREFIX}/language`,
  products: `${BASIC_PREFIX}/products`,
  cart: `${BASIC_PREFIX}/cart`,
  checkout: `${BASIC_PREFIX}/checkout`,
  orders: `${BASIC_PREFIX}/orders`,
  balance: `${BASIC_PREFIX}/balance`,
  support: `${BASIC_PREFIX}/support`,
  faq: `${BASIC_PREFIX}/faq`,
  profile: `${BASIC_PREFIX}/profile`,
} as const

export function productPath(id: number): string {
  return `${BASIC_PATHS.products}/${id}`
}

/**
 * `target` when it is a page of the basic shop (a path, never another origin: `//host` and
 * `/\host` are refused), else the start page. Used for every redirect a form names.
 */
export function basicReturnPath(target: unknown): string {
  if (typeof target !== 'string' || target.length > 2000) return BASIC_PATHS.home
  const isBasic =
    target === BASIC_PREFIX ||
    target.startsWith(`${BASIC_PREFIX}/`) ||
    target.startsWith(`${BASIC_PREFIX}?`)
  return isBasic && !/[\\\s]/.test(target) ? target : BASIC_PATHS.home
}

/** A SOL payment's instruction page (a checkout's or a top-up's) and what it posts to. */
export function paymentPath(code: string): string {
  return `${BASIC_PREFIX}/pay/${encodeURIComponent(code)}`
}

export const paymentPaths = {
  qr: (code: string) => `${paymentPath(code)}/qr.svg`,
  demo: (code: string) => `${paymentPath(code)}/demo`,
}

/** An order's page, by its order code. */
export function orderPath(code: string): string {
  return `${BASIC_PATHS.orders}/${encodeURIComponent(code)}`
}

export const balancePaths = { topup: `${BASIC_PATHS.balance}/topup` }

export function ticketPath(id: number): string {
  return `${BASIC_PATHS.support}/${id}`
}

export const supportPaths = {
  newTicket: `${BASIC_PATHS.support}/new`,
  reply: (id: number) => `${ticketPath(id)}/reply`,
}

export const profilePaths = { password: `${BASIC_PATHS.profile}/password` }
