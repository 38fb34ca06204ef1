import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'

/** GET /api/products/districts-with-products/:cityId; nothing until a city is chosen. */
export function districtsQueryOptions(cityId: number | null) {
  return queryOptions({
    queryKey: ['districts-with-products', cityId],
    queryFn:
      cityId === null
        ? skipToken
        : ({ signal }) =>
            call('GET /api/products/districts-with-products/:cityId', {
              params: { cityId },
              signal,
            }),
  })
}

export function useDistrictsWithProducts(cityId: number | null) {
  return useQuery(districtsQueryOptions(cityId))
}
