// Web: what the built app (apps/web/dist) makes a browser download. Static part: the entry (the
// HTML's script, modulepreloads and stylesheet plus their static imports) and every lazily loaded
// route chunk with what it pulls in beyond the entry, raw and gzipped. Browser part: the landing
// page in Chromium throttled to 400 ms RTT and 400 kbit/s, counting its requests and timing it
// until its content (the page's h1) is rendered.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { fmt, median } from '../lib/report.mjs'
import { ROOT } from '../lib/shop.mjs'

export const WEB_DIST = path.join(ROOT, 'apps/web/dist')
const LANDING_GZIP_BUDGET = 60 * 1024
const LANDING_REQUESTS_BUDGET = 4
const ALL_JS_GZIP_BUDGET = 150 * 1024
const USABLE_BUDGET_MS = 2500
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length

function fileInfo(rel) {
  const buffer = fs.readFileSync(path.join(WEB_DIST, rel))
  return { file: rel, raw: buffer.length, gzip: gzipSize(buffer) }
}

/** Files a JS chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`). */
function staticImports(rel) {
  const code = fs.readFileSync(path.join(WEB_DIST, rel), 'utf8')
  const found = new Set()
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    found.add(path.posix.join(path.posix.dirname(rel), match[1]))
  }
  return [...found]
}

function withStaticImports(files) {
  const all = new Set()
  const visit = (rel) => {
    if (all.has(rel) || !fs.existsSync(path.join(WEB_DIST, rel))) return
    all.add(rel)
    if (rel.endsWith('.js')) for (const dep of staticImports(rel)) visit(dep)
  }
  for (const file of files) visit(file)
  return all
}

/**
 * A chunk's lazily loaded groups, one per file it imports lazily: Vite's __vite__mapDeps list
 * for it when it has one (first file = the chunk), else the file alone. Both kinds can be in one
 * chunk, and several routes can load the same file (it is counted once).
 */
function lazyGroups(chunk) {
  const code = fs.readFileSync(path.join(WEB_DIST, chunk), 'utf8')
  const groups = new Map()
  const list = /m\.f=(\[[^\]]*\])/.exec(code)
  if (list) {
    const files = JSON.parse(list[1])
    for (const call of code.matchAll(/__vite__mapDeps\(\[([\d,]+)\]\)/g)) {
      const group = call[1].split(',').map((i) => files[Number(i)])
      groups.set(group[0], group)
    }
  }
  for (const call of code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)) {
    const file = path.posix.join(path.posix.dirname(chunk), call[1])
    if (!groups.has(file)) groups.set(file, [file])
  }
  return [...groups.values()]
}

/**
 * Every lazily loaded group reachable from the entry, nested ones too (a route inside a lazily
 * loaded app), each with the files it adds to what was already loaded when it is asked for.
 */
function routeGroups(entry, entryJs) {
  const found = []
  const seen = new Set()
  const visit = (chunk, loaded) => {
    if (seen.has(chunk)) return
    seen.add(chunk)
    for (const group of lazyGroups(chunk)) {
      const files = withStaticImports(group)
      const extra = [...files].filter((file) => !loaded.has(file))
      found.push({ name: path.basename(group[0]).replace(/-[\w-]{8}\.js$/, ''), extra })
      for (const file of files) {
        if (file.endsWith('.js')) visit(file, new Set([...loaded, ...files]))
      }
    }
  }
  if (entryJs) visit(entryJs, entry)
  return found
}

const sum = (infos, key) => infos.reduce((total, info) => total + info[key], 0)

/** The page's entry (its scripts, preloads and stylesheet with their static imports). */
function pageEntry(htmlFile) {
  const html = fs.readFileSync(path.join(WEB_DIST, htmlFile), 'utf8')
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+)"[^>]*>/g)]
    .filter((m) => !/rel="icon"/.test(m[0]))
    .map((m) => m[1])
  const entryJs = refs.find((ref) => ref.endsWith('.js'))
  return { entryJs, entry: withStaticImports([htmlFile, ...refs]) }
}

/** Every JavaScript file a page can load: its entry and every lazy group reachable from it. */
function pageJavaScript(htmlFile) {
  const { entryJs, entry } = pageEntry(htmlFile)
  const files = new Set(entry)
  for (const group of routeGroups(entry, entryJs)) for (const file of group.extra) files.add(file)
  return [...files].filter((file) => file.endsWith('.js'))
}

export function webStatic(report) {
  const { entryJs, entry } = pageEntry('index.html')
  const entryInfos = [...entry].map(fileInfo)
  report.add(
    'Web',
    `entry: index.html + ${entry.size - 1} files`,
    `${fmt.kb(sum(entryInfos, 'gzip'))} gzip (${fmt.kb(sum(entryInfos, 'raw'))} raw)`,
  )
  const routes = []
  for (const { name, extra } of routeGroups(entry, entryJs)) {
    const infos = extra.map(fileInfo)
    routes.push({ name, files: extra, infos })
    report.add(
      'Web',
      `lazy ${name}: +${extra.length} files beyond what is loaded before it`,
      `${fmt.kb(sum(infos, 'gzip'))} gzip (${fmt.kb(sum(infos, 'raw'))} raw)`,
    )
  }
  // The customers' JavaScript: what index.html can load. The back office (admin.html) is a page
  // of its own that customers never load; it is reported apart, without a budget.
  const js = pageJavaScript('index.html').map(fileInfo)
  const allJsGzip = sum(js, 'gzip')
  const biggest = [...js].sort((a, b) => b.gzip - a.gzip)[0]
  report.add(
    'Web',
    `all customer JavaScript (${js.length} files)`,
    `${fmt.kb(allJsGzip)} gzip (${fmt.kb(sum(js, 'raw'))} raw)`,
    `<= ${fmt.kb(ALL_JS_GZIP_BUDGET)} gzip`,
    allJsGzip <= ALL_JS_GZIP_BUDGET,
    biggest ? `largest: ${biggest.file} ${fmt.kb(biggest.gzip)} gzip` : '',
  )
  if (fs.existsSync(path.join(WEB_DIST, 'admin.html'))) {
    const customer = new Set(js.map((info) => info.file))
    const admin = pageJavaScript('admin.html').map(fileInfo)
    const shared = admin.filter((info) => customer.has(info.file)).length
    report.add(
      'Web',
      `back office JavaScript (${admin.length} files, ${shared} shared with the shop)`,
      `${fmt.kb(sum(admin, 'gzip'))} gzip (${fmt.kb(sum(admin, 'raw'))} raw)`,
    )
  }
  return { entry, routes }
}

/** Loads the landing page `runs` times in fresh throttled Chromium contexts. */
export async function webBrowser(shop, report, { runs = 3 } = {}) {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  })
  const times = []
  const contents = []
  let requests = []
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: 400_000 / 8,
        uploadThroughput: 400_000 / 8,
      })
      const seen = new Map()
      cdp.on('Network.requestWillBeSent', (e) => {
        if (!e.request.url.startsWith('data:')) seen.set(e.requestId, { url: e.request.url })
      })
      cdp.on('Network.loadingFinished', (e) => {
        const entry = seen.get(e.requestId)
        if (entry) entry.transferred = e.encodedDataLength
      })
      // The page's CSP forbids eval, so no in-page polling by Playwright: an init script (run
      // before the app, outside the CSP) notes when the heading first has text.
      await page.addInitScript(() => {
        const check = () => {
          const h1 = document.querySelector('#root h1')
          if (h1?.textContent?.trim()) {
            window.__contentAt = performance.now()
            return true
          }
          return false
        }
        new MutationObserver((_changes, observer) => {
          if (check()) observer.disconnect()
        }).observe(document, { childList: true, subtree: true, characterData: true })
      })
      await page.goto(`${shop.url}/`, { waitUntil: 'commit', timeout: 60_000 })
      // The observer above stamps the moment; this only waits for the stamp.
      await page.waitForFunction(() => window.__contentAt, null, { timeout: 60_000 })
      const contentAt = await page.evaluate(() => window.__contentAt)
      await page.waitForLoadState('networkidle', { timeout: 60_000 })
      // Usable: the heading is shown and every script and stylesheet has run (the load event).
      const loaded = await page.evaluate(
        () => performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0,
      )
      contents.push(contentAt)
      times.push(Math.max(contentAt, loaded))
      if (run === 0) requests = [...seen.values()]
      await context.close()
    }
  } finally {
    await browser.close()
  }

  const local = requests.map((r) => {
    const { pathname } = new URL(r.url)
    const rel = pathname === '/' ? 'index.html' : pathname.slice(1)
    const inDist = !pathname.startsWith('/api/') && fs.existsSync(path.join(WEB_DIST, rel))
    return { ...r, rel, info: inDist ? fileInfo(rel) : null }
  })
  const files = local.filter((r) => r.info).map((r) => r.info)
  const gzip = sum(files, 'gzip')
  const transferred = local.reduce((total, r) => total + (r.transferred ?? 0), 0)
  report.add(
    'Web',
    'landing page: bytes and requests (Chromium)',
    `${fmt.kb(gzip)} gzip (${fmt.kb(sum(files, 'raw'))} raw), ${requests.length} requests, ${fmt.kb(transferred)} on the wire`,
    `<= ${fmt.kb(LANDING_GZIP_BUDGET)} gzip, <= ${LANDING_REQUESTS_BUDGET} requests`,
    gzip <= LANDING_GZIP_BUDGET && requests.length <= LANDING_REQUESTS_BUDGET,
    `requests: ${local.map((r) => new URL(r.url).pathname).join(', ')}`,
  )
  const mid = median(times)
  report.add(
    'Web',
    `landing usable, 400 ms RTT / 400 kbit/s, median of ${times.length}`,
    `${fmt.s(mid)} (content ${fmt.s(median(contents))})`,
    `<= ${fmt.s(USABLE_BUDGET_MS)}`,
    mid <= USABLE_BUDGET_MS,
    'usable: the h1 is on screen and the load event has ended; content: the h1 alone',
  )
}
