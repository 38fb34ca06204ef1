import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { adminCall } from './call'

/** Rows per page of every back-office list. */
export const ADMIN_PAGE_SIZE = 20

/** Every city with its districts: the places screen, and the product form's choices. */
export const citiesQueryOptions = queryOptions({
  queryKey: ['admin', 'cities'],
  queryFn: ({ signal }) => adminCall('GET /api/admin/cities', { signal }),
})

export interface ProductFilters {
  q: string
  city_id: number | undefined
  active: boolean | undefined
  page: number
}

export function productsQueryOptions(filters: ProductFilters) {
  return queryOptions({
    queryKey: ['admin', 'products', filters],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/products', {
        query: { ...filters, q: filters.q || undefined, page_size: ADMIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['admin', 'product', id],
    queryFn: ({ signal }) => adminCall('GET /api/admin/products/:id', { params: { id }, signal }),
  })
}
