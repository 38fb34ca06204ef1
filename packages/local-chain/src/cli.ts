#!/usr/bin/env node
// `npm run chain`: the local chain on its own, for a wallet, the Solana CLI or a script to use.
import { parseArgs } from 'node:util'
import { DEFAULT_LOCAL_CHAIN_PORT, startLocalChainRpc } from './server.js'

const USAGE = `Usage: npm run chain -- [--port ${DEFAULT_LOCAL_CHAIN_PORT}]

  --port, -p   JSON-RPC port on 127.0.0.1 (0 picks a free one)`

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`)
  process.exit(2)
}

function portOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LOCAL_CHAIN_PORT
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`Not a port: ${value}`)
  return port
}

let values: { port?: string; help?: boolean }
try {
  ;({ values } = parseArgs({
    options: { port: { type: 'string', short: 'p' }, help: { type: 'boolean', short: 'h' } },
  }))
} catch (error) {
  fail((error as Error).message)
}
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

const rpc = await startLocalChainRpc({ port: portOption(values.port) })
console.log(`Local Solana chain (LiteSVM): JSON-RPC ${rpc.url}`)
const stop = async () => {
  await rpc.close()
  process.exit(0)
}
process.once('SIGINT', () => void stop())
process.once('SIGTERM', () => void stop())
