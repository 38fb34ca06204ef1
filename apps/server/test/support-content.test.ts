// Ticket categories and the FAQ: seeded content, in the caller's language, in seeded order.
import { beforeAll, describe, expect, it } from 'vitest'
import { demoFaq, demoSupportCategories } from '../src/db/seed/demo-data.js'
import { callAs, type SignedUpUser, signUp, useTestApp } from './kit/index.js'

const t = useTestApp({ seed: true })
let user: SignedUpUser

beforeAll(async () => {
  user = await signUp(t.app)
})

const english = {
  categories: demoSupportCategories.map((c) => c.nameEn),
  faq: demoFaq.map((f) => ({ question: f.questionEn, answer: f.answerEn })),
}
const lithuanian = {
  categories: demoSupportCategories.map((c) => c.nameLt),
  faq: demoFaq.map((f) => ({ question: f.questionLt, answer: f.answerLt })),
}

async function categories(query = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/support/categories${query}`,
    headers: { ...user.headers, ...headers },
  })
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json() as { id: number; name: string }[]
  return body.map((c) => c.name)
}

async function faq(query = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/support/faq${query}`, headers })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { items: unknown[] }).items
}

// [query, Accept-Language, expected language]
const cases: [string, string | undefined, 'en' | 'lt'][] = [
  ['', undefined, 'en'],
  ['?lang=en', undefined, 'en'],
  ['?lang=lt', undefined, 'lt'],
  ['', 'lt-LT,lt;q=0.9,en;q=0.8', 'lt'],
  ['', 'lt', 'lt'],
  ['', 'en-GB,en;q=0.9', 'en'],
  ['', 'de-DE,de;q=0.9,lt;q=0.5', 'lt'],
  ['', 'en;q=0.3,lt;q=0.6', 'lt'],
  // unsupported languages fall back to English
  ['', 'de-DE,de;q=0.9', 'en'],
  ['', 'fr, ru;q=0.5, *;q=0.1', 'en'],
  ['', 'lt;q=0', 'en'],
  // ?lang= wins over the header
  ['?lang=en', 'lt-LT,lt;q=0.9', 'en'],
  ['?lang=lt', 'en-US,en;q=0.9', 'lt'],
]

describe('GET /api/support/categories', () => {
  it.each(cases)('%s with Accept-Language %s answers in %s', async (query, accept, lang) => {
    const names = await categories(query, accept ? { 'accept-language': accept } : {})
    expect(names).toEqual(lang === 'lt' ? lithuanian.categories : english.categories)
  })

  it('answers {id, name} only, ids usable for a ticket, and varies by Accept-Language', async () => {
    const res = await callAs(t.app, user, 'GET', '/api/support/categories')
    expect(res.headers.vary).toMatch(/accept-language/i)
    const body = res.json() as Record<string, unknown>[]
    expect(body).toHaveLength(demoSupportCategories.length)
    for (const category of body) {
      expect(Object.keys(category).sort()).toEqual(['id', 'name'])
      expect(Number.isInteger(category.id)).toBe(true)
    }
    expect(new Set(body.map((c) => c.id)).size).toBe(body.length)
  })

  it('is ordered by position, not by id or name', async () => {
    // Move the last category to the front: the answer follows the position.
    const last = demoSupportCategories.at(-1)
    if (!last) throw new Error('no demo categories')
    await t.database.db.execute(
      `update support_categories set position = -1 where slug = '${last.slug}'`,
    )
    try {
      const names = await categories()
      expect(names[0]).toBe(last.nameEn)
      expect(names.slice(1)).toEqual(english.categories.slice(0, -1))
    } finally {
      await t.database.db.execute(
        `update support_categories set position = ${demoSupportCategories.length - 1} where slug = '${last.slug}'`,
      )
    }
  })

  it('refuses an unsupported ?lang= value (the contract lists en and lt)', async () => {
    const res = await callAs(t.app, user, 'GET', '/api/support/categories?lang=de')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
  })

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/support/categories' })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('AUTH_REQUIRED')
  })
})

describe('GET /api/support/faq', () => {
  it.each(cases)('%s with Accept-Language %s answers in %s', async (query, accept, lang) => {
    const items = await faq(query, accept ? { 'accept-language': accept } : {})
    expect(items).toEqual(lang === 'lt' ? lithuanian.faq : english.faq)
  })

  it('is public and varies by Accept-Language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/support/faq' })
    expect(res.statusCode).toBe(200)
    expect(res.headers.vary).toMatch(/accept-language/i)
    expect((res.json() as { items: unknown[] }).items.length).toBeGreaterThan(0)
  })

  it('is ordered by position', async () => {
    await t.database.db.execute('update faq_entries set position = 100 - position')
    try {
      expect(await faq()).toEqual([...english.faq].reverse())
    } finally {
      await t.database.db.execute('update faq_entries set position = 100 - position')
    }
  })

  it('refuses an unsupported ?lang= value', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/support/faq?lang=xx' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
  })
})
