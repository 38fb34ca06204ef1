import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
const rss = (l) => { const s = fs.readFileSync('/proc/self/status','utf8'); const m = process.memoryUsage(); console.log(l, 'rss', s.match(/VmRSS:\s+(\d+)/)[1], 'hwm', s.match(/VmHWM:\s+(\d+)/)[1], 'heap', Math.round(m.heapUsed/1e6), 'ext', Math.round(m.external/1e6)) }
const params = process.argv[2] ? JSON.parse(process.argv[2]) : {}
const db = await PGlite.create('/tmp/bx/data/pglite', params)
rss('open')
const sql = `select t.total, pg.id from (select count(*)::int as total from products p where p.active) t left join lateral (select p.id from products p where p.active order by p.id limit 20 offset 0) pg on true left join cities c on c.id = pg.id`
for (let i = 0; i < 20000; i++) await db.query(sql)
rss('20000 queries')
const t = performance.now(); for (let i = 0; i < 2000; i++) await db.query(sql); console.log('per query ms', (performance.now()-t)/2000)
const t2 = performance.now(); for (let i = 0; i < 2000; i++) await db.query('select 1'); console.log('select 1 ms', (performance.now()-t2)/2000)
await db.close()
