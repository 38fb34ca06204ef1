import { usePagedList } from '../../../shared/api/pagedList'
import { useTranslation } from '../../../shared/i18n'

/**
 * GET /api/orders: newest first, 20 a page, the products named in the language the app shows
 * (switching it fetches the list again).
 */
export function useOrders() {
  const { i18n } = useTranslation()
  const lang = i18n.resolvedLanguage
  return usePagedList('GET /api/orders', ['orders', lang], { lang })
}
