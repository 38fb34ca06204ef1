import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'

/** GET /api/products/cities-with-products. */
export const citiesQueryOptions = queryOptions({
  queryKey: ['cities-with-products'],
  queryFn: ({ signal }) => call('GET /api/products/cities-with-products', { signal }),
})

export function useCitiesWithProducts() {
  return useQuery(citiesQueryOptions)
}
