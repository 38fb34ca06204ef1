// Serves the built single-page app. Hashed assets are cached for a year; index.html is
// revalidated on every visit so a new release is picked up at once. Any non-/api path that is
// not a file gets index.html, and the web app's router takes over.
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'

export interface WebApp {
  sendIndex(reply: FastifyReply): FastifyReply
}

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | null,
): Promise<WebApp | null> {
  if (!distDir) return null // WEB_DIST_DIR=off: an API-only server
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn('web app not built: serving the API only (run `npm run build`)')
    return null
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  return {
    sendIndex(reply) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    },
  }
}
