/** The signed-in navigation, shared by the header and the mobile menu. */
export const NAV_ITEMS = [
  { to: '/', labelKey: 'nav.home', end: true },
  { to: '/products', labelKey: 'nav.products', end: false },
  { to: '/orders', labelKey: 'nav.orders', end: false },
  { to: '/balance', labelKey: 'nav.balance', end: false },
  { to: '/support', labelKey: 'nav.support', end: false },
] as const
