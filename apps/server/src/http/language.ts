// The language of translated API content (FAQ, ticket categories): an explicit `?lang=` wins,
// then the browser's preference from Accept-Language (RFC 9110 section 12.5.4), then English.
import { DEFAULT_LANGUAGE, LANGUAGES, type Lang } from '@shop/contract'
import type { FastifyRequest } from 'fastify'

/** Accept-Language entries looked at; a real browser sends a handful. */
const MAX_ENTRIES = 32

function supported(tag: string): Lang | null {
  // "lt-LT" and "LT" both mean Lithuanian: compare the primary subtag only.
  const primary = tag.trim().toLowerCase().split('-')[0] ?? ''
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Lang) : null
}

/**
 * The first supported language of an Accept-Language header by preference (q-value, then order),
 * or null when it names none. `q=0` means "not acceptable" and is skipped.
 */
export function parseAcceptLanguage(header: string | undefined): Lang | null {
  if (!header) return null
  const ranges: { lang: Lang; q: number; order: number }[] = []
  const entries = header.split(',').slice(0, MAX_ENTRIES)
  entries.forEach((entry, order) => {
    const [tag = '', ...params] = entry.split(';')
    const lang = supported(tag)
    if (!lang) return
    let q = 1
    for (const param of params) {
      const [name, value] = param.split('=').map((part) => part.trim())
      if (name?.toLowerCase() !== 'q') continue
      // RFC 9110 qvalue: 0 to 1 with at most three decimals; anything else is ignored.
      q = value && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : Number.NaN
    }
    if (Number.isNaN(q) || q <= 0) return
    ranges.push({ lang, q, order })
  })
  ranges.sort((a, b) => b.q - a.q || a.order - b.order)
  return ranges[0]?.lang ?? null
}

/** `?lang=` if it names a supported language, else Accept-Language, else English. */
export function requestLanguage(request: Pick<FastifyRequest, 'query' | 'headers'>): Lang {
  const query = request.query as { lang?: unknown } | undefined
  const explicit = typeof query?.lang === 'string' ? supported(query.lang) : null
  if (explicit) return explicit
  const header = request.headers['accept-language']
  return parseAcceptLanguage(typeof header === 'string' ? header : undefined) ?? DEFAULT_LANGUAGE
}
