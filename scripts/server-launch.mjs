// How the shop's process is started (decision 0025): `npm start` is package.json's "start"
// script, `[NAME=value...] node [--flag...] scripts/start.mjs`. Its variables are read by the C
// library as the process starts (glibc's malloc) and its flags by V8 as it sets up its heap:
// neither can be set from inside the running process. The tools that start the built shop the
// way `npm start` does (the bench, the tests' and e2e's built server) read them here, from that
// one line, so that what they measure and test is what runs.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const START =
  /^((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)node((?:\s+--[a-z0-9-]+(?:=\S+)?)*)\s+scripts\/start\.mjs$/

/** The variables and Node flags of package.json's "start" script, in order. */
export function serverLaunch(root = ROOT) {
  const start = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts?.start
  const match = START.exec(String(start))
  if (!match) {
    throw new Error(
      `package.json's "start" is not \`[NAME=value...] node [--flag...] scripts/start.mjs\`: ${start}`,
    )
  }
  const words = (text) => text.split(/\s+/).filter(Boolean)
  const env = Object.fromEntries(words(match[1]).map((word) => word.split(/=(.*)/s).slice(0, 2)))
  return { env, flags: words(match[2]) }
}

/** The production bundle `npm start` runs (apps/server/scripts/bundle.mjs builds it). */
export const SERVER_BUNDLE = path.join(ROOT, 'apps/server/bundle/shop.mjs')
