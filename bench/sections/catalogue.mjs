// Catalogue: requests/s and latency of the shop next to a bare node:http server that answers the
// same bytes, endpoint by endpoint, on the same machine in the same run. The two are measured
// in alternating rounds (shop, bare, shop, bare), so a neighbour's load hits both alike. Also the
// shop's peak RSS over these runs, and who used the CPUs meanwhile.
import fs from 'node:fs'
import { cpuCount, cpuSeconds, machineBusySeconds } from '../lib/cpu.mjs'
import { load, startBare } from '../lib/load.mjs'
import { fmt } from '../lib/report.mjs'
import { api, captureResponse, procStatusKb, signUp } from '../lib/shop.mjs'

const RATIO_BUDGET = 0.7
const P99_BUDGET_MS = 20
const RSS_BUDGET_KB = 150 * 1024
const ROUNDS = 2

/** Alternating measured rounds against the shop and the bare server; sums them up. */
async function measurePair(shopTarget, bareTarget, duration) {
  const sides = { shop: [], bare: [] }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [side, target] of [
      ['shop', shopTarget],
      ['bare', bareTarget],
    ]) {
      const cpuBefore = cpuSeconds(target.pid)
      const busyBefore = machineBusySeconds()
      const result = await load({ url: target.url, headers: target.headers, duration })
      const serverCpu = cpuSeconds(target.pid) - cpuBefore
      const busy = machineBusySeconds() - busyBefore
      sides[side].push({ ...result, serverCpu, busy })
    }
  }
  const sum = (runs) => {
    const seconds = runs.reduce((t, r) => t + r.seconds, 0)
    const total = (key) => runs.reduce((t, r) => t + r[key], 0)
    return {
      rps: total('requests') / seconds,
      // The rounds' median latency averaged, and the worst round's p99.
      p50: total('p50') / runs.length,
      p99: Math.max(...runs.map((r) => r.p99)),
      non2xx: total('non2xx'),
      errors: total('errors'),
      serverCpu: total('serverCpu') / seconds,
      loaderCpu: total('cpuSeconds') / seconds,
      busy: total('busy') / seconds,
    }
  }
  return { shop: sum(sides.shop), bare: sum(sides.bare) }
}

const cpuShare = (m) =>
  `server ${fmt.pct(m.serverCpu)} + autocannon ${fmt.pct(m.loaderCpu)} + others ${fmt.pct(Math.max(0, m.busy - m.serverCpu - m.loaderCpu))} of ${cpuCount()} CPUs`

export async function catalogue(shop, report, { duration, warmup }) {
  const user = await signUp(shop, 'catalogue')
  const auth = { authorization: `Bearer ${user.token}` }
  const { json: page } = await api(shop, 'GET', '/api/products', { token: user.token })
  const available = page.products.filter((p) => p.is_available)
  if (available.length < 2) throw new Error('the demo catalogue has fewer than 2 products')
  const [first, second] = available
  // A signed-in customer with a real cart of two products.
  await api(shop, 'POST', '/api/cart/add', { token: user.token, body: { product_id: first.id } })
  await api(shop, 'POST', '/api/cart/add', { token: user.token, body: { product_id: second.id } })
  const cityId = first.city_id

  const endpoints = [
    { name: 'GET /api/products (page 1 of all)', path: '/api/products' },
    { name: 'GET /api/products (city + search)', path: `/api/products?city_id=${cityId}&search=a` },
    { name: 'GET /api/products/:id', path: `/api/products/${first.id}` },
    { name: 'GET /api/cart (2 items)', path: '/api/cart' },
  ]

  // Peak RSS over the catalogue runs only: Linux resets VmHWM to VmRSS when 5 is written to
  // clear_refs. Checked, and sampled as well in case it is not supported.
  let hwmReset = false
  try {
    fs.writeFileSync(`/proc/${shop.pid}/clear_refs`, '5')
    const hwm = procStatusKb(shop.pid, 'VmHWM')
    const rss = procStatusKb(shop.pid, 'VmRSS')
    hwmReset = hwm !== null && rss !== null && hwm - rss < 2048
  } catch {
    // not allowed here
  }
  let sampledPeak = procStatusKb(shop.pid, 'VmRSS') ?? 0
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procStatusKb(shop.pid, 'VmRSS') ?? 0)
  }, 50)

  try {
    for (const endpoint of endpoints) {
      const captured = await captureResponse(`${shop.url}${endpoint.path}`, auth)
      const bare = await startBare(captured)
      try {
        const shopTarget = { url: `${shop.url}${endpoint.path}`, headers: auth, pid: shop.pid }
        const bareTarget = { url: `${bare.url}${endpoint.path}`, headers: {}, pid: bare.pid }
        // Both get the same warm-up (JIT, caches), then alternating measured rounds.
        await load({ ...shopTarget, duration: warmup })
        await load({ ...bareTarget, duration: warmup })
        const { shop: mine, bare: ceiling } = await measurePair(
          shopTarget,
          bareTarget,
          duration / ROUNDS,
        )
        if (mine.non2xx > 0 || mine.errors > 0) {
          throw new Error(`${endpoint.name}: ${mine.non2xx} non-2xx answers, ${mine.errors} errors`)
        }
        const ratio = mine.rps / ceiling.rps
        report.add(
          'Catalogue',
          `${endpoint.name} req/s, shop / bare node:http`,
          `${fmt.int(mine.rps)} / ${fmt.int(ceiling.rps)} = ${fmt.pct(ratio)}`,
          `>= ${fmt.pct(RATIO_BUDGET)}`,
          ratio >= RATIO_BUDGET,
          `CPU during the shop runs: ${cpuShare(mine)}; during the bare runs: ${cpuShare(ceiling)}`,
        )
        report.add(
          'Catalogue',
          `${endpoint.name} latency p50 / p99 (bare p99)`,
          `${fmt.ms(mine.p50)} / ${fmt.ms(mine.p99)} (${fmt.ms(ceiling.p99)})`,
          `p99 < ${P99_BUDGET_MS} ms`,
          mine.p99 < P99_BUDGET_MS,
        )
      } finally {
        await bare.stop()
      }
    }
  } finally {
    clearInterval(sampler)
  }
  const hwm = procStatusKb(shop.pid, 'VmHWM')
  const peak = hwmReset && hwm !== null ? Math.max(hwm, sampledPeak) : sampledPeak
  report.add(
    'Server',
    'peak RSS during the catalogue runs (PGlite)',
    fmt.mb(peak),
    `<= ${fmt.mb(RSS_BUDGET_KB)}`,
    peak <= RSS_BUDGET_KB,
    hwmReset ? 'VmHWM, reset before the runs' : 'VmRSS sampled every 50 ms (VmHWM reset refused)',
  )
  return { user, productIds: available.map((p) => p.id) }
}

/** A short catalogue load on another shop (PostgreSQL), for its peak RSS only. */
export async function rssUnderLoad(shop, report, label, seconds) {
  const user = await signUp(shop, 'rss')
  const auth = { authorization: `Bearer ${user.token}` }
  let peak = procStatusKb(shop.pid, 'VmRSS') ?? 0
  const sampler = setInterval(() => {
    peak = Math.max(peak, procStatusKb(shop.pid, 'VmRSS') ?? 0)
  }, 50)
  try {
    await load({ url: `${shop.url}/api/products`, headers: auth, duration: seconds })
  } finally {
    clearInterval(sampler)
  }
  report.add('Server', `peak RSS, ${seconds} s of GET /api/products (${label})`, fmt.mb(peak))
}
