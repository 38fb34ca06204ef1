// Loaded with --import into a shop started by warm-shapes.test.ts: for each /api/ request,
// appends to LAYOUT_OUT whether V8 built its response in fast mode, and runs full collections
// once the 6th has been answered (the moment that struck unwarmed processes).
import diagnosticsChannel from 'node:diagnostics_channel'
import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { collectFully, hasFastProperties } from './layout-probe.js'

const out = process.env.LAYOUT_OUT
if (!out) throw new Error('LAYOUT_OUT is not set')
let seen = 0
diagnosticsChannel.subscribe('http.server.request.start', (message) => {
  const { request, response } = message as { request: IncomingMessage; response: ServerResponse }
  if (!request.url?.startsWith('/api/')) return
  seen++
  fs.appendFileSync(out, `${hasFastProperties(response)}\n`)
  if (seen === 6) response.once('finish', () => setTimeout(collectFully, 20))
})
