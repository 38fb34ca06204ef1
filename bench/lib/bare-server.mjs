// The ceiling: a bare node:http server that answers every request with one captured response
// (same status, headers and body bytes as the shop's), doing no other work. Prints its port.
import fs from 'node:fs'
import http from 'node:http'

const captured = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
// A latin1 string is written in one piece with the headers, the fastest node:http can answer.
const body = Buffer.from(captured.body, 'base64').toString('latin1')
const headers = { ...captured.headers, 'content-length': String(Buffer.byteLength(body, 'latin1')) }
const server = http.createServer((_request, response) => {
  response.writeHead(captured.status, headers)
  response.end(body, 'latin1')
})
server.keepAliveTimeout = 72_000
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
