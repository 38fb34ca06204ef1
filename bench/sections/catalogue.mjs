// Catalogue: requests/s and latency of the shop next to a bare node:http server that answers the
// same bytes, endpoint by endpoint, on the same machine in the same run, each pinned to one CPU
// (with PostgreSQL's backends, on PostgreSQL) while wrk runs on the other: the ratio is what the
// shop serves per core. Shop and bare are measured in alternating rounds (shop, bare, shop,
// bare), so a neighbour's load hits both alike. Also the shop's peak RSS over these runs.
import fs from 'node:fs'
import { cpuSeconds, machineBusySeconds } from '../lib/cpu.mjs'
import { LOADER_CPU, load, pin, startBare } from '../lib/load.mjs'
import { fmt } from '../lib/report.mjs'
import { api, captureResponse, procStatusKb, signUp } from '../lib/shop.mjs'

// The share of a bare node:http's rate and the peak RSS on one repeated URL are information
// since issue 35: customers meet the mixed workload (sections/mixed.mjs), which has the budgets.
const P99_BUDGET_MS = 20
const ROUNDS = 2

/**
 * Alternating measured rounds against the shop and the bare server; sums them up. `extraCpu()`
 * is the CPU seconds of the shop's other processes so far (PostgreSQL's backends), or 0.
 */
async function measurePair(shopTarget, bareTarget, duration, extraCpu) {
  const sides = { shop: [], bare: [] }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [side, target] of [
      ['shop', shopTarget],
      ['bare', bareTarget],
    ]) {
      await target.pinAll?.()
      const cpuBefore = cpuSeconds(target.pid)
      const extraBefore = side === 'shop' ? await extraCpu() : 0
      const busyBefore = machineBusySeconds()
      const result = await load({ url: target.url, headers: target.headers, duration })
      const serverCpu = cpuSeconds(target.pid) - cpuBefore
      const extra = side === 'shop' ? (await extraCpu()) - extraBefore : 0
      const busy = machineBusySeconds() - busyBefore
      sides[side].push({ ...result, serverCpu, extra, busy })
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
      extraCpu: total('extra') / seconds,
      loaderCpu: total('cpuSeconds') / seconds,
      busy: total('busy') / seconds,
    }
  }
  return { shop: sum(sides.shop), bare: sum(sides.bare) }
}

const cpuShare = (m, extraName) => {
  const others = Math.max(0, m.busy - m.serverCpu - m.extraCpu - m.loaderCpu)
  const extra = extraName ? ` + ${extraName} ${fmt.pct(m.extraCpu)}` : ''
  return `server ${fmt.pct(m.serverCpu)}${extra} + wrk ${fmt.pct(m.loaderCpu)} + others ${fmt.pct(others)} (100% = one CPU)`
}

/**
 * The catalogue and cart reads of a signed-in customer with a cart of two, on `database`
 * ('PGlite' or 'PostgreSQL'). On PostgreSQL `backends` gives the pids of the shop's backends
 * (pinned with the shop) and `backendCpu()` their CPU seconds so far.
 */
export async function catalogue(shop, report, { duration, warmup }, options = {}) {
  const { database = 'PGlite', backends = async () => [] } = options
  const backendCpu = async () => {
    let total = 0
    for (const pid of await backends()) total += cpuSeconds(pid) ?? 0
    return total
  }
  const pinShop = async () => {
    pin(shop.pid)
    for (const pid of await backends()) pin(pid)
  }
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
    const rssNow = procStatusKb(shop.pid, 'VmRSS')
    hwmReset = hwm !== null && rssNow !== null && hwm - rssNow < 2048
  } catch {
    // not allowed here
  }
  let sampledPeak = procStatusKb(shop.pid, 'VmRSS') ?? 0
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, procStatusKb(shop.pid, 'VmRSS') ?? 0)
  }, 50)

  const extraName = database === 'PostgreSQL' ? 'PostgreSQL' : ''
  try {
    for (const endpoint of endpoints) {
      const captured = await captureResponse(`${shop.url}${endpoint.path}`, auth)
      const bare = await startBare(captured)
      try {
        const shopTarget = {
          url: `${shop.url}${endpoint.path}`,
          headers: auth,
          pid: shop.pid,
          pinAll: pinShop,
        }
        // The very same requests, the customer's token included: node:http reads the same bytes
        // on both sides, and the bare server ignores what the shop checks.
        const bareTarget = { url: `${bare.url}${endpoint.path}`, headers: auth, pid: bare.pid }
        // Both get the same warm-up (JIT, caches, the pool's connections), then alternating
        // measured rounds.
        await pinShop()
        await load({ ...shopTarget, duration: warmup })
        await load({ ...bareTarget, duration: warmup })
        const { shop: mine, bare: ceiling } = await measurePair(
          shopTarget,
          bareTarget,
          duration / ROUNDS,
          backendCpu,
        )
        if (mine.non2xx > 0 || mine.errors > 0) {
          throw new Error(`${endpoint.name}: ${mine.non2xx} non-2xx answers, ${mine.errors} errors`)
        }
        const ratio = mine.rps / ceiling.rps
        // CPU per answer does not depend on what else the machine runs meanwhile (the rate does).
        const perAnswer = (m, cpu) => `${fmt.int((cpu / m.rps) * 1e6)} µs`
        const cpuNote = `CPU per answer: shop ${perAnswer(mine, mine.serverCpu)}${extraName ? ` + PostgreSQL ${perAnswer(mine, mine.extraCpu)}` : ''}, bare ${perAnswer(ceiling, ceiling.serverCpu)}`
        report.add(
          'Catalogue',
          `${database}: ${endpoint.name} req/s per core, shop / bare node:http`,
          `${fmt.int(mine.rps)} / ${fmt.int(ceiling.rps)} = ${fmt.pct(ratio)}`,
          '',
          null,
          `${LOADER_CPU === null ? 'one CPU: nothing pinned' : 'server on CPU 0, wrk on CPU 1'}; ${cpuNote}; during the shop runs: ${cpuShare(mine, extraName)}; during the bare runs: ${cpuShare(ceiling, '')}`,
        )
        report.add(
          'Catalogue',
          `${database}: ${endpoint.name} latency p50 / p99 (bare p99)`,
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
    `peak RSS during the catalogue runs (${database})`,
    fmt.mb(peak),
    '',
    null,
    hwmReset ? 'VmHWM, reset before the runs' : 'VmRSS sampled every 50 ms (VmHWM reset refused)',
  )
  return { user, productIds: available.map((p) => p.id) }
}
