// A page's query as a browser's GET form sends it: every field text, an unchosen select empty.
// Turned into the contract's values here; a value out of the contract's range counts as absent.
import { MAX_ID, MAX_PAGE } from '@shop/contract'
import Type from 'typebox'

/** An optional query field of at most `maxLength` characters. */
export const QueryText = (maxLength: number) => Type.Optional(Type.String({ maxLength }))

function positiveInteger(value: string | undefined, max: number): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined
  const number = Number(value)
  return number >= 1 && number <= max ? number : undefined
}

export function idOf(value: string | undefined): number | undefined {
  return positiveInteger(value, MAX_ID)
}

export function pageOf(value: string | undefined): number {
  return positiveInteger(value, MAX_PAGE) ?? 1
}

/** `path` with the given query fields, the empty ones left out. */
export function withQuery(path: string, fields: Record<string, string | number | undefined>) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  const query = params.toString()
  return query ? `${path}?${query}` : path
}
