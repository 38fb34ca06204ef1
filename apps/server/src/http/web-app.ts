// Serves the built single-page app. Hashed assets are cached for a year; index.html is
// revalidated on every visit so a new release is picked up at once. Any non-/api path that is
// not a file gets index.html, and the web app's router takes over.
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { reproducedOnHit } from './answer-cache.js'

export interface WebApp {
  sendIndex(reply: FastifyReply): FastifyReply
  /** The back office's page, for /admin and every path under it; null when it is not built. */
  sendAdmin: ((reply: FastifyReply) => FastifyReply) | null
}

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

type Encoding = 'br' | 'gzip'

/** The best of br and gzip the client accepts (a q of 0 refuses), br on a tie; else null. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  let best: Encoding | null = null
  let bestQ = 0
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    if (name !== 'br' && name !== 'gzip') continue
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    const weight = q === undefined ? 1 : Number(q)
    if (weight > bestQ || (weight === bestQ && weight > 0 && name === 'br')) {
      best = name
      bestQ = weight
    }
  }
  return bestQ > 0 ? best : null
}

/**
 * The web app's files compressed once, in memory, when first asked for: the landing page's HTML
 * and scripts are text, and on a slow connection sending them uncompressed cost seconds
 * (docs/performance.md). Keyed by path and modification time, so a new build is picked up.
 */
function compressedFiles() {
  const cache = new Map<string, Promise<Buffer>>()
  return (file: string, stat: fs.Stats, encoding: Encoding): Promise<Buffer> => {
    const key = `${encoding}:${file}:${stat.mtimeMs}:${stat.size}`
    let packed = cache.get(key)
    if (!packed) {
      packed = fs.promises.readFile(file).then((raw) =>
        encoding === 'br'
          ? // Quality 5: within 10% of the best, and fast enough to do on the first request.
            brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzip(raw, { level: 9 }),
      )
      packed.catch(() => cache.delete(key))
      cache.set(key, packed)
    }
    return packed
  }
}

const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /',
  'Disallow: /admin',
  'Disallow: /api/',
  // A signed-in customer's pages: nothing a crawler can read.
  ...['/cart', '/checkout', '/balance', '/orders', '/support', '/profile'].map(
    (page) => `Disallow: ${page}`,
  ),
  '',
].join('\n')

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | null,
): Promise<WebApp | null> {
  if (!distDir) return null // WEB_DIST_DIR=off: an API-only server
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn('web app not built: serving the API only (run `npm run build`)')
    return null
  }
  const hasAdmin = fs.existsSync(path.join(distDir, 'admin.html'))
  // Which file a reply is about to send, noted by setHeaders for the onSend hook below.
  const sending = new WeakMap<FastifyReply, { file: string; stat: fs.Stats }>()
  const compressed = compressedFiles()
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath, stat) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      if (/\.(?:html|js|css|svg|json|txt|map)$/.test(filePath)) {
        // The answer depends on Accept-Encoding for every compressible file, compressed or not.
        reply.header('vary', 'accept-encoding')
        sending.set(reply as unknown as FastifyReply, { file: filePath, stat })
      }
    },
  })
  // A whole file about to be sent uncompressed to a client that accepts br or gzip: the
  // compressed bytes instead. The ETag stays (it is weak: the same content in another coding),
  // so revalidation still answers 304. Ranges and HEAD are left to @fastify/static.
  // A callback hook: the API's answers pass it on every request, without a promise.
  const compress = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ) => {
    const target = sending.get(reply)
    const encoding = target ? pickEncoding(request.headers['accept-encoding']) : null
    if (
      !target ||
      !encoding ||
      reply.statusCode !== 200 ||
      request.method !== 'GET' ||
      request.headers.range
    ) {
      return done(null, payload)
    }
    compressed(target.file, target.stat, encoding).then((bytes) => {
      ;(payload as { destroy?: () => void } | null)?.destroy?.()
      reply.header('content-encoding', encoding)
      reply.removeHeader('content-length')
      done(null, bytes)
    }, done)
  }
  app.addHook('onSend', reproducedOnHit(compress, 'only files are compressed, never a kept answer'))
  // Not the app's HTML, which crawlers read as a broken robots.txt (Lighthouse, issue 33): the
  // storefront may be indexed; the back office, the API and a customer's own pages may not.
  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(ROBOTS_TXT),
  )
  return {
    sendIndex(reply) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    },
    // The back office is a page of its own (admin.html): customers never load its code.
    sendAdmin: hasAdmin
      ? (reply) => reply.header('cache-control', 'no-cache').sendFile('admin.html')
      : null,
  }
}
