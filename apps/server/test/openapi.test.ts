// The OpenAPI document against Redocly's recommended rules (issue 33), asserted over the
// generated document: every operation has a unique operationId and says its security (`[]` when
// public), the document names its servers, and a path that meets another (a literal segment
// against a parameter) says so.
import { adminApi, api } from '@shop/contract'
import { beforeAll, expect, it } from 'vitest'
import { AMBIGUOUS_PATHS } from '../src/http/openapi.js'
import { useTestApp } from './kit/index.js'

interface Operation {
  operationId?: string
  security?: Record<string, string[]>[]
  description?: string
}
type Doc = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> }

const t = useTestApp()
let doc: Doc
let operations: [string, string, Operation][]

beforeAll(async () => {
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(
      ([method, op]) => [path, method, op] as [string, string, Operation],
    ),
  )
})

it('lists the contract routes, named as there, and nothing else', () => {
  const names = new Set([...Object.keys(api), ...Object.keys(adminApi)])
  for (const [path, method, op] of operations) {
    const name = op.operationId ?? ''
    const bare = name.replace(/^admin(.)/, (_, c: string) => c.toLowerCase())
    expect(names.has(name) || names.has(bare), `${method} ${path}`).toBe(true)
  }
  // Every route but the demo wallet's, registered only with the embedded chain.
  expect(operations.length).toBeGreaterThanOrEqual(names.size - 2)
})

it('gives every operation a unique operationId', () => {
  const ids = operations.map(([, , op]) => op.operationId)
  expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true)
  expect(new Set(ids).size).toBe(ids.length)
  expect(doc.paths['/api/auth/web/login']?.post?.operationId).toBe('login')
  expect(doc.paths['/api/admin/auth/login']?.post?.operationId).toBe('staffLogin')
})

it('declares the security of every operation: none on a public one', () => {
  for (const [path, method, op] of operations) {
    expect(op.security, `${method} ${path}`).toBeDefined()
  }
  expect(doc.paths['/api/auth/web/login']?.post?.security).toEqual([])
  expect(doc.paths['/api/auth/web/check-username/{username}']?.get?.security).toEqual([])
  expect(doc.paths['/api/cart']?.get?.security).toEqual([{ bearerAuth: [] }])
})

it('names its servers', () => {
  expect(doc.servers?.length).toBeGreaterThan(0)
})

it('documents every pair of paths a request could match both of', () => {
  const paths = Object.keys(doc.paths)
  const segments = (path: string) => path.split('/')
  const isParam = (segment: string) => segment.startsWith('{')
  const ambiguous = new Set<string>()
  for (const a of paths) {
    for (const b of paths) {
      const sa = segments(a)
      const sb = segments(b)
      if (a >= b || sa.length !== sb.length) continue
      const meets = sa.every((s, i) => s === sb[i] || isParam(s) || isParam(sb[i] ?? ''))
      const crossed =
        sa.some((s, i) => isParam(s) && !isParam(sb[i] ?? '')) &&
        sb.some((s, i) => isParam(s) && !isParam(sa[i] ?? ''))
      if (meets && crossed) {
        const documented = [a, b].find((path) =>
          Object.values(doc.paths[path] ?? {}).every((op) => op.description),
        )
        expect(documented, `${a} and ${b}`).toBeDefined()
        ambiguous.add(documented ?? '')
      }
    }
  }
  const documentedUrls = Object.keys(AMBIGUOUS_PATHS).map((url) => url.replace(/:(\w+)/g, '{$1}'))
  expect([...ambiguous].sort()).toEqual(documentedUrls.sort())
})
