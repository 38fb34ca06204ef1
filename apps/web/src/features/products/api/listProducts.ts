import type { ProductsQuery } from '@shop/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'

/** GET /api/products: 20 a page, filtered by city, district and a name search. */
export function productsQueryOptions(query: ProductsQuery) {
  return queryOptions({
    queryKey: ['products', query],
    queryFn: ({ signal }) => call('GET /api/products', { query, signal }),
    placeholderData: keepPreviousData,
  })
}

export function useProducts(query: ProductsQuery) {
  return useQuery(productsQueryOptions(query))
}
