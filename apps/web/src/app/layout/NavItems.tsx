import { NavLink } from 'react-router'
import { useUnreadTickets } from '../../features/support/api/tickets'
import { useTranslation } from '../../shared/i18n'

/** The signed-in navigation, shared by the header and the mobile menu. */
const NAV_ITEMS = [
  { to: '/', labelKey: 'nav.home', end: true },
  { to: '/products', labelKey: 'nav.products', end: false },
  { to: '/orders', labelKey: 'nav.orders', end: false },
  { to: '/balance', labelKey: 'nav.balance', end: false },
  { to: '/support', labelKey: 'nav.support', end: false },
] as const

/** How many tickets have a shop reply the customer has not read: a count beside the label. */
function UnreadCount({ count }: { count: number }) {
  const { t } = useTranslation()
  if (count === 0) return null
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-emerald-700 px-1.5 font-bold text-[11px] text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only"> ({t('nav.unreadReplies', { count })})</span>
    </>
  )
}

/** The navigation's list items, each link styled by `linkClass` (active or not). */
export function NavItems({ linkClass }: { linkClass: (state: { isActive: boolean }) => string }) {
  const { t } = useTranslation()
  const unread = useUnreadTickets()
  return NAV_ITEMS.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.end} className={linkClass}>
        {t(item.labelKey)}
        {item.to === '/support' ? <UnreadCount count={unread} /> : null}
      </NavLink>
    </li>
  ))
}
