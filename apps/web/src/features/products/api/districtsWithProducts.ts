import type { DistrictList } from '@shop/contract'
import { buildPath } from '@shop/contract'
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'

/** GET /api/products/districts-with-products/:cityId; nothing until a city is chosen. */
export function districtsQueryOptions(cityId: number | null) {
  return queryOptions({
    queryKey: ['districts-with-products', cityId],
    queryFn:
      cityId === null
        ? skipToken
        : ({ signal }) =>
            apiRequest<DistrictList>(
              'GET',
              buildPath('/api/products/districts-with-products/:cityId', { cityId }),
              { signal },
            ),
  })
}

export function useDistrictsWithProducts(cityId: number | null) {
  return useQuery(districtsQueryOptions(cityId))
}
