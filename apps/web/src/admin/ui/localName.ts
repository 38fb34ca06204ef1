import { useTranslation } from '../../shared/i18n'

interface Named {
  name_en: string
  name_lt: string
}

/** The name of a city, district, product or category in the active language. */
export function useLocalName(): (item: Named) => string {
  const { i18n } = useTranslation()
  return (item) => (i18n.language === 'lt' ? item.name_lt : item.name_en)
}

interface Bought {
  product_name: string
  product_name_lt: string
}

/** The name of an order's product, as bought, in the active language. */
export function useBoughtName(): (order: Bought) => string {
  const name = useLocalName()
  return (order) => name({ name_en: order.product_name, name_lt: order.product_name_lt })
}
