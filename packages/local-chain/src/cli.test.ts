// `npm run chain` as a developer runs it: it prints its endpoints, serves them, stops on SIGTERM,
// and with a data folder starts again where it stopped, with the same play USDC mint.
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { address, createSolanaRpc, generateKeyPairSigner, lamports } from '@solana/kit'
import { afterAll, describe, expect, it } from 'vitest'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-chain-cli-'))
const children: ChildProcess[] = []

afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

function start(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { child, output: () => output, exited }
}

async function endpoints(started: ReturnType<typeof start>) {
  const until = Date.now() + 30_000
  for (;;) {
    const match = /JSON-RPC (http:\S+), WebSocket (ws:\S+)/.exec(started.output())
    if (match?.[1] && match[2]) return { url: match[1], wsUrl: match[2] }
    if (started.child.exitCode !== null || Date.now() > until) {
      throw new Error(`the chain did not start:\n${started.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('npm run chain', () => {
  it('serves the chain, keeps it in --data-dir and resumes it there', async () => {
    const merchant = (await generateKeyPairSigner()).address
    const args = ['--port', '0', '--data-dir', dataDir, '--slot-ms', '20', '--merchant', merchant]
    const first = start(args)
    const { url, wsUrl } = await endpoints(first)
    await expect.poll(() => first.output(), { timeout: 10_000 }).toMatch(/Play USDC mint \S+/)
    const mintLine = /Play USDC mint (\S+) \(6 decimals\), mint authority (\S+)/.exec(
      first.output(),
    )
    expect(mintLine?.[2]).toBe(path.join(dataDir, 'usdc-mint-authority.json'))
    expect(Number(new URL(wsUrl).port)).toBe(Number(new URL(url).port) + 1)
    const rpc = createSolanaRpc(url)
    const wallet = (await generateKeyPairSigner()).address
    await rpc.requestAirdrop(wallet, lamports(5_000_000_000n)).send()
    await expect
      .poll(() => rpc.getSlot({ commitment: 'processed' }).send(), { timeout: 10_000 })
      .toBeGreaterThan(40n)
    const slot = await rpc.getSlot({ commitment: 'processed' }).send()
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)

    const second = start(args)
    const again = await endpoints(second)
    // The resumed slot is a line of its own, which may reach the pipe after the endpoints' line.
    await expect.poll(() => second.output(), { timeout: 10_000 }).toMatch(/now at slot \d+/)
    const resumedAt = Number(/now at slot (\d+)/.exec(second.output())?.[1])
    expect(resumedAt).toBeGreaterThanOrEqual(Number(slot))
    const balance = await createSolanaRpc(again.url)
      .getBalance(wallet, { commitment: 'processed' })
      .send()
    expect(balance.value).toBe(5_000_000_000n)
    await expect
      .poll(() => second.output(), { timeout: 10_000 })
      .toContain(`Play USDC mint ${mintLine?.[1]} `)
    const usdc = await createSolanaRpc(again.url)
      .getTokenAccountsByOwner(
        merchant,
        { mint: address(mintLine?.[1] ?? '') },
        { commitment: 'processed', encoding: 'base64' },
      )
      .send()
    expect(usdc.value).toHaveLength(1)
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
  }, 60_000)

  it('explains a bad option', async () => {
    const started = start(['--slot-ms', 'soon'])
    expect(await started.exited).toBe(2)
    expect(started.output()).toContain('--slot-ms must be an integer')
    expect(started.output()).toContain('Usage: npm run chain')
    const badMerchant = start(['--merchant', 'nobody'])
    expect(await badMerchant.exited).toBe(2)
    expect(badMerchant.output()).toContain('--merchant is not a Solana address')
  })
})
