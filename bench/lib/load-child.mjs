// Runs autocannon in its own process, so the load generator never shares an event loop with the
// server it measures. Input: one JSON argument; output: one JSON line on stdout.
import autocannon from 'autocannon'

const options = JSON.parse(process.argv[2] ?? '{}')
const result = await autocannon({
  url: options.url,
  connections: options.connections ?? 50,
  duration: options.duration ?? 10,
  headers: options.headers ?? {},
  method: options.method ?? 'GET',
})
const seconds = result.duration
const cpu = process.cpuUsage()
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  })}\n`,
)
