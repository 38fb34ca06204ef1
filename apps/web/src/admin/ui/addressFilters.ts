import { SEARCH_MAX_LENGTH } from '@shop/contract'
import { useSearchParams } from 'react-router'

/** The one of `values` the address names, if it names one. */
export function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value)
}

/** A positive whole number from the address (an id, a page), else undefined. */
export function positive(value: string | null): number | undefined {
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/** What every back-office list filters by: the search (`?q=`) and the page (`?page=`). */
export interface ListFilters {
  q: string
  page: number
}

/**
 * A list's filters kept in the address, so a link or the back button opens them. `read` takes
 * the list's own filters from the address and `write` gives them back as its parameters (an
 * empty one is left out); a change of anything but the page goes back to the first page.
 */
export function useAddressFilters<F extends ListFilters>(
  read: (params: URLSearchParams) => Omit<F, keyof ListFilters>,
  write: (filters: F) => Record<string, string | number | undefined>,
) {
  const [params, setParams] = useSearchParams()
  const filters = {
    ...read(params),
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    page: positive(params.get('page')) ?? 1,
  } as F
  const change = (next: Partial<F>) => {
    const merged: F = { ...filters, ...next, page: next.page ?? 1 }
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(write(merged))) {
      if (value) search.set(name, String(value))
    }
    if (merged.q) search.set('q', merged.q)
    if (merged.page > 1) search.set('page', String(merged.page))
    setParams(search)
  }
  return [filters, change] as const
}
