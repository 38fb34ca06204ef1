#!/usr/bin/env node
// `npm run chain`: the local chain on its own, for a wallet, the Solana CLI or a script to use.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { isAddress } from '@solana/kit'
import { DEFAULT_LOCAL_CHAIN_PORT, startLocalChainRpc } from './server.js'
import { REALISTIC_TIMING } from './timing.js'

const USAGE = `Usage: npm run chain -- [options]

  --port, -p <port>         JSON-RPC port on 127.0.0.1, WebSocket on the next one
                            (default ${DEFAULT_LOCAL_CHAIN_PORT}; 0 picks a free pair)
  --data-dir, -d <folder>   keep the chain in this folder across restarts (default: in memory)
  --slot-ms <ms>            slot duration (default ${REALISTIC_TIMING.slotMs})
  --confirmation-slots <n>  slots until a block is confirmed (default ${REALISTIC_TIMING.confirmationDepth})
  --finalization-slots <n>  slots until a block is finalized (default ${REALISTIC_TIMING.finalizationDepth})
  --merchant <wallet>       give this wallet an empty play USDC token account at start`

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`)
  process.exit(2)
}

function integerOption(value: string | undefined, what: string, min: number, max: number) {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < min || number > max) {
    fail(`${what} must be an integer from ${min} to ${max}, not ${value}`)
  }
  return number
}

const OPTIONS = {
  port: { type: 'string', short: 'p' },
  'data-dir': { type: 'string', short: 'd' },
  'slot-ms': { type: 'string' },
  'confirmation-slots': { type: 'string' },
  'finalization-slots': { type: 'string' },
  merchant: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

let values: Partial<Record<keyof typeof OPTIONS, string | boolean>>
try {
  ;({ values } = parseArgs({ options: OPTIONS }))
} catch (error) {
  fail((error as Error).message)
}
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const text = (name: keyof typeof OPTIONS) => values[name] as string | undefined
const dataDir = text('data-dir')
const timing = {
  slotMs: integerOption(text('slot-ms'), '--slot-ms', 1, 60_000) ?? REALISTIC_TIMING.slotMs,
  confirmationDepth:
    integerOption(text('confirmation-slots'), '--confirmation-slots', 0, 10_000) ??
    REALISTIC_TIMING.confirmationDepth,
  finalizationDepth:
    integerOption(text('finalization-slots'), '--finalization-slots', 0, 10_000) ??
    REALISTIC_TIMING.finalizationDepth,
}
if (timing.finalizationDepth < timing.confirmationDepth) {
  fail('--finalization-slots must not be below --confirmation-slots')
}
const merchant = text('merchant')
if (merchant !== undefined && !isAddress(merchant))
  fail(`--merchant is not a Solana address: ${merchant}`)

let rpc: Awaited<ReturnType<typeof startLocalChainRpc>>
try {
  rpc = await startLocalChainRpc({
    port: integerOption(text('port'), '--port', 0, 65_534) ?? DEFAULT_LOCAL_CHAIN_PORT,
    chainOptions: { timing, ...(dataDir ? { dataDir: path.resolve(dataDir) } : {}) },
  })
} catch (error) {
  console.error(`Cannot start the local chain: ${(error as Error).message}`)
  process.exit(1)
}
const { usdc } = rpc.chain
if (merchant)
  console.log(`Play USDC account of ${merchant}: ${await usdc.ensureTokenAccount(merchant)}`)
console.log(`Local Solana chain (LiteSVM): JSON-RPC ${rpc.url}, WebSocket ${rpc.wsUrl}`)
console.log(
  `Play USDC mint ${usdc.mint} (6 decimals), mint authority ${usdc.authorityFile ?? 'in memory only'}`,
)
console.log(
  dataDir
    ? `Kept in ${path.resolve(dataDir)}; now at slot ${rpc.chain.slot}.`
    : 'In memory: it starts empty every time (--data-dir keeps it).',
)
const stop = async () => {
  await rpc.close()
  process.exit(0)
}
process.once('SIGINT', () => void stop())
process.once('SIGTERM', () => void stop())
