// Server: cold start of the built shop on an already migrated and seeded PGlite folder, from
// spawn to the first 200 from /api/health (median of 3), and what the RSS floor is made of.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { serverLaunch } from '../../scripts/server-launch.mjs'
import { cpuSeconds, machineBusySeconds } from '../lib/cpu.mjs'
import { fmt, median } from '../lib/report.mjs'
import { ROOT, startShop } from '../lib/shop.mjs'

const COLD_START_BUDGET_MS = 1500

/**
 * With `chain`, the shop as in production (its RPC another process; the budget); with `chain`
 * null, the demo of `npm start` with its own chain inside (for information).
 */
export async function coldStart(dataDir, report, { runs = 3, chain }) {
  const times = []
  const cpu = []
  const others = []
  for (let i = 0; i < runs; i++) {
    const busyBefore = machineBusySeconds()
    const shop = await startShop({ dataDir, chain })
    const own = cpuSeconds(shop.pid) ?? 0
    const busy = machineBusySeconds() - busyBefore
    times.push(shop.readyMs)
    cpu.push(own)
    others.push(Math.max(0, busy - own) / (shop.readyMs / 1000))
    await shop.stop()
  }
  const mid = median(times)
  const demo = chain === null
  report.add(
    'Server',
    demo
      ? `cold start of the demo (its own chain inside), migrated PGlite (${runs} run)`
      : `cold start to /api/health, migrated PGlite (median of ${runs})`,
    `${fmt.s(mid)} (${times.map((t) => fmt.s(t)).join(', ')})`,
    demo ? '' : `<= ${fmt.s(COLD_START_BUDGET_MS)}`,
    demo ? null : mid <= COLD_START_BUDGET_MS,
    `the shop used ${fmt.s(median(cpu) * 1000)} of CPU to start; other processes used ${fmt.pct(median(others))} of a CPU meanwhile`,
  )
}

/** RSS of a process holding only the shop's modules, and of one holding only its PGlite. */
export function rssFloor(dataDir, report) {
  const probe = path.join(ROOT, 'bench/lib/rss-probe.mjs')
  // With npm start's variables and flags, as the shop runs.
  const launch = serverLaunch()
  const run = (...args) =>
    JSON.parse(
      execFileSync(process.execPath, [...launch.flags, probe, ...args], {
        encoding: 'utf8',
        env: { ...process.env, ...launch.env },
      }),
    )
  const modules = run('modules')
  const pglite = run('pglite', dataDir)
  report.add(
    'Server',
    'RSS floor: node alone / + shop modules / node + PGlite only',
    `${fmt.mb(modules.node)} / ${fmt.mb(modules.modules)} / ${fmt.mb(pglite.pglite)}`,
    '',
    null,
    'the peak cannot go below modules + PGlite - node; see docs/performance.md',
  )
}
