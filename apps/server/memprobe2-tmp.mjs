import fs from 'node:fs'
const rss = (l) => { const s = fs.readFileSync('/proc/self/status','utf8'); const m = process.memoryUsage(); console.log(l, 'rss', s.match(/VmRSS:\s+(\d+)/)[1], 'heap', Math.round(m.heapUsed/1e6), 'ext', Math.round(m.external/1e6)) }
rss('start')
await import('./dist/app.js')
rss('app.js imported')
await import('./dist/local-chain-mode.js')
rss('local chain imported')
const { startLocalChainRpc } = await import('./dist/solana/local-chain/server.js')
const c = await startLocalChainRpc({port: 0})
rss('local chain started')
