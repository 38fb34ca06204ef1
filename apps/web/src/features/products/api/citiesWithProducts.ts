import type { CityList } from '@shop/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'

/** GET /api/products/cities-with-products. */
export const citiesQueryOptions = queryOptions({
  queryKey: ['cities-with-products'],
  queryFn: ({ signal }) =>
    apiRequest<CityList>('GET', '/api/products/cities-with-products', { signal }),
})

export function useCitiesWithProducts() {
  return useQuery(citiesQueryOptions)
}
