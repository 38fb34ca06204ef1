import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { adminCall } from '../api/call'

/** The periods the dashboard offers, in days (the API takes 1 to 90). */
export const DASHBOARD_PERIODS = [7, 30, 90] as const

/**
 * The dashboard's one request. Read again on every visit (a delivery or a refund on another
 * screen changes its figures) and every minute while it is open; the previous period's figures
 * stay on screen while another period loads.
 */
export function dashboardQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['admin', 'dashboard', days],
    queryFn: ({ signal }) => adminCall('GET /api/admin/dashboard', { query: { days }, signal }),
    staleTime: 0,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  })
}
