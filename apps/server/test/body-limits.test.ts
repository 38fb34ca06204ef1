// Body types and sizes per route (issue 33): an anonymous route answers a body it does not take
// (an image, text, too large) at once, from the headers, without waiting for megabytes it would
// only refuse. Over a real socket: the body is announced and never sent.
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './kit/index.js'

let t: TestApp
let port: number

beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1', listenTextResolver: () => 'listening' })
  port = (t.app.server.address() as net.AddressInfo).port
})
afterAll(() => t.close())

/** Sends the headers of a POST announcing `length` bytes, sends none, and reads the status. */
function statusBeforeTheBody(url: string, type: string, length: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' })
    let data = ''
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1')
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data)
      if (status) {
        socket.destroy()
        resolve(Number(status[1]))
      }
    })
    socket.on('error', reject)
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\n` +
        `Content-Length: ${length}\r\n\r\n`,
    )
  })
}

const ANONYMOUS = [
  '/api/auth/web/login',
  '/api/auth/web/register',
  '/api/auth/telegram/refresh',
  '/api/admin/auth/refresh',
  '/api/admin/auth/login',
  '/api/admin/setup',
]
const MEGABYTES = 4_900_000

describe('a body a route does not take', () => {
  it('is refused with 415 from the headers when it is an image or text', async () => {
    for (const url of ANONYMOUS) {
      for (const type of ['image/png', 'image/jpeg', 'text/csv', 'text/plain']) {
        expect(await statusBeforeTheBody(url, type, MEGABYTES), `${url} ${type}`).toBe(415)
      }
    }
  })

  it('is refused with 413 from the headers when it is JSON over the route limit', async () => {
    for (const url of ANONYMOUS) {
      expect(await statusBeforeTheBody(url, 'application/json', MEGABYTES), url).toBe(413)
    }
  })

  it('still reaches the image and import routes, which ask for a staff token first', async () => {
    for (const [url, type] of [
      ['/api/admin/products/1/image', 'image/png'],
      ['/api/admin/products/import', 'text/csv'],
    ] as const) {
      const res = await t.app.inject({
        method: url.endsWith('image') ? 'PUT' : 'POST',
        url,
        headers: { 'content-type': type },
        payload: Buffer.from('x'),
      })
      expect(res.statusCode, url).toBe(401)
    }
  })
})
