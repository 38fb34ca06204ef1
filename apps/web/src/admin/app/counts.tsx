// What waits for someone (paid orders to deliver, open tickets, unmatched transfers): a count
// beside its screen in the navigation, and their sum in the tab's title, so that a back office
// left open in a tab says when there is work.
import type { AdminCounts } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { adminCall } from '../api/call'

/** Often enough for a tab left open; each screen's own changes show at the next navigation. */
const REFRESH_MS = 60_000

const BY_SCREEN: Record<string, keyof AdminCounts> = {
  '/orders': 'orders_to_deliver',
  '/tickets': 'open_tickets',
  '/transfers': 'unmatched_transfers',
}

export function useAdminCounts() {
  const { pathname } = useLocation()
  const counts = useQuery({
    queryKey: ['admin', 'counts'],
    queryFn: ({ signal }) => adminCall('GET /api/admin/counts', { signal }),
    refetchInterval: REFRESH_MS,
    retry: false,
  })
  const { refetch } = counts
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again on each navigation
  useEffect(() => void refetch(), [pathname, refetch])
  return counts.data
}

/** A screen's count, or null when it has none (or nothing waits). */
export function countOf(counts: AdminCounts | undefined, screen: string): number | null {
  const key = BY_SCREEN[screen]
  const value = key && counts ? counts[key] : null
  return value ? value : null
}

/** The number beside a screen's name; screen readers hear "3 waiting". */
export function NavCount({ count }: { count: number | null }) {
  const { t } = useTranslation()
  if (count === null) return null
  return (
    <span className="ml-auto rounded-full bg-emerald-600 px-2 py-0.5 font-semibold text-white text-xs tabular-nums">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('nav.waiting', { count })}</span>
    </span>
  )
}

/** "(5) Orders · Back office" while 5 things wait; the title each screen set, otherwise. */
export function useTitleCount(counts: AdminCounts | undefined): void {
  const { pathname } = useLocation()
  const { i18n } = useTranslation()
  const total = counts
    ? counts.orders_to_deliver + counts.open_tickets + (counts.unmatched_transfers ?? 0)
    : 0
  // biome-ignore lint/correctness/useExhaustiveDependencies: a screen or language sets its title first
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\+?\) /, '')
    document.title = total > 0 ? `(${total > 99 ? '99+' : total}) ${base}` : base
  }, [total, pathname, i18n.language])
}
