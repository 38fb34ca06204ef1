import { DEFAULT_PAGE_SIZE } from '@shop/contract'

/** LIMIT/OFFSET of a `page` (from 1) and `page_size` query. */
export function pageWindow(query: { page?: number; page_size?: number } | undefined) {
  const size = query?.page_size ?? DEFAULT_PAGE_SIZE
  const page = query?.page ?? 1
  return { limit: size, offset: (page - 1) * size }
}
