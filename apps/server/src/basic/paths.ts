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
