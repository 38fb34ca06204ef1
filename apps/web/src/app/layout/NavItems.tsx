import { NavLink } from 'react-router'
import { useTranslation } from '../../shared/i18n'

/** The signed-in navigation, shared by the header and the mobile menu. */
const NAV_ITEMS = [
  { to: '/', labelKey: 'nav.home', end: true },
  { to: '/products', labelKey: 'nav.products', end: false },
  { to: '/orders', labelKey: 'nav.orders', end: false },
  { to: '/balance', labelKey: 'nav.balance', end: false },
  { to: '/support', labelKey: 'nav.support', end: false },
] as const

/** The navigation's list items, each link styled by `linkClass` (active or not). */
export function NavItems({ linkClass }: { linkClass: (state: { isActive: boolean }) => string }) {
  const { t } = useTranslation()
  return NAV_ITEMS.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.end} className={linkClass}>
        {t(item.labelKey)}
      </NavLink>
    </li>
  ))
}
