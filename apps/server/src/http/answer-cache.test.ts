// The answer cache's own bounds, on a bare Fastify app with one ReadCache: how many answers and
// how many bytes it keeps (the oldest go first), and that an answer whose ReadCache value was
// replaced is not sent again. test/answer-cache.test.ts covers it in the shop.
import Fastify, { type FastifyInstance, type onSendHookHandler } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { TableVersions } from '../db/table-versions.js'
import { currentnessOf, ReadCache } from '../lib/read-cache.js'
import { AnswerCache, reproducedOnHit } from './answer-cache.js'

let app: FastifyInstance | null = null

afterEach(async () => {
  await app?.close()
  app = null
})

/** An app whose GET /item/:n answers n bytes (the version, then dots), kept in a ReadCache. */
async function appWith(options: { maxAnswers?: number; maxBytes?: number }) {
  const versions = new TableVersions(null, new Set(['items']))
  const cache = new ReadCache<{ bytes: Buffer }>(versions, ['items'], {
    maxEntries: 1000,
    maxBytes: 1_000_000,
    sizeOf: (value) => (value as { bytes: Buffer }).bytes.length,
  })
  let version = 0
  let loads = 0
  const server = Fastify()
  const answers = new AnswerCache({
    knownToken: () => null,
    sessionLetsIn: () => false,
    trustsProxies: false,
    ...options,
  })
  answers.install(server)
  server.get<{ Params: { n: string } }>('/item/:n', async (request, reply) => {
    const value = await cache.get(request.params.n, async () => {
      loads++
      return { bytes: Buffer.from(`${version}`.padEnd(Number(request.params.n), '.')) }
    })
    request.answerCurrentness = currentnessOf(value)
    return reply.type('text/plain').send(value.bytes)
  })
  const base = await server.listen({ port: 0, host: '127.0.0.1' })
  app = server
  const get = async (n: number) => {
    const before = answers.hits
    const res = await fetch(`${base}/item/${n}`)
    return { body: await res.text(), cached: answers.hits > before }
  }
  return {
    answers,
    get,
    loads: () => loads,
    change() {
      version++
      versions.raise(['items'])
    },
  }
}

describe('the answer cache', () => {
  it('keeps at most maxAnswers answers, the oldest going first', async () => {
    const shop = await appWith({ maxAnswers: 2 })
    for (const n of [10, 11, 12]) await shop.get(n)
    expect(shop.answers.size).toEqual({ answers: 2, bytes: 23 })
    expect((await shop.get(10)).cached).toBe(false)
    expect((await shop.get(12)).cached).toBe(true)
  })

  it('keeps at most maxBytes of bodies, and never a body larger than that', async () => {
    const shop = await appWith({ maxBytes: 100 })
    await shop.get(40)
    await shop.get(50)
    expect(shop.answers.size).toEqual({ answers: 2, bytes: 90 })
    await shop.get(30)
    expect(shop.answers.size).toEqual({ answers: 2, bytes: 80 })
    expect((await shop.get(40)).cached).toBe(false)
    expect((await shop.get(30)).cached).toBe(true)
    await shop.get(101)
    expect((await shop.get(101)).cached).toBe(false)
    expect(shop.answers.size.bytes).toBeLessThanOrEqual(100)
  })

  it('sends an answer again only while its value is current, then the new one', async () => {
    const shop = await appWith({})
    expect(await shop.get(5)).toEqual({ body: '0....', cached: false })
    expect(await shop.get(5)).toEqual({ body: '0....', cached: true })
    shop.change()
    expect(await shop.get(5)).toEqual({ body: '1....', cached: false })
    expect(await shop.get(5)).toEqual({ body: '1....', cached: true })
    expect(shop.loads()).toBe(2)
    expect(shop.answers.size).toEqual({ answers: 1, bytes: 5 })
  })
})

describe('the fence around the answer cache', () => {
  const cache = () =>
    new AnswerCache({ knownToken: () => null, sessionLetsIn: () => false, trustsProxies: false })

  it('stops the start when a hook of the request cycle would be skipped on a hit', async () => {
    const server = Fastify()
    app = server
    cache().install(server)
    server.addHook('onRequest', function countRequests(_request, _reply, done) {
      done()
    })
    await expect(server.ready()).rejects.toThrow(
      /skip these hooks on a hit: onRequest countRequests.*ANSWER_CACHE=off/,
    )
  })

  it('lets a hook marked as reproduced on a hit through', async () => {
    const server = Fastify()
    app = server
    cache().install(server)
    const passOn: onSendHookHandler = (_request, _reply, payload, done) => done(null, payload)
    server.addHook('onSend', reproducedOnHit(passOn, 'test'))
    await expect(server.ready()).resolves.toBe(server)
  })
})
