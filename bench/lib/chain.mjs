// The project's local Solana chain (LiteSVM behind JSON-RPC) in a process of its own, for the
// shop to use the way it uses a Solana RPC provider in production: through SOLANA_RPC_URL, with
// MERCHANT_WALLET, and nothing of the chain in the shop's process. (`npm start` without those
// settings runs the same chain inside the shop instead, for a newcomer's demo.)
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ROOT, stopChild } from './shop.mjs'

const CLI = path.join(ROOT, 'packages/local-chain/dist/cli.js')

export async function startChain(dataDir) {
  const child = spawn(process.execPath, [CLI, '--port', '0', '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  let output = ''
  const urls = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the chain did not start:\n${output}`)), 30_000)
    const onData = (data) => {
      output += data
      const match = /JSON-RPC (\S+), WebSocket (\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({ url: match[1], wsUrl: match[2] })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', () => reject(new Error(`the chain exited:\n${output}`)))
  })
  // Any valid address: the shop only watches it (and never holds a key).
  const { generateKeyPairSigner } = await import('@solana/kit')
  const merchant = (await generateKeyPairSigner()).address
  return {
    ...urls,
    merchant,
    pid: child.pid,
    stop: () => stopChild(child, exited, 10_000),
  }
}
