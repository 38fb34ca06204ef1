// A chain kept in a data folder: after a restart its blocks, transactions, balances, faucet and
// the commitment of recent slots are what they were; a record torn by a crash is dropped; two
// chains never share a folder.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  type Address,
  appendTransactionMessageInstruction,
  blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LocalChain, type LocalChainOptions } from './chain.js'
import { FolderLockedError } from './folder-lock.js'
import { transferSolInstruction } from './system-program.js'

const SOL = 1_000_000_000n
const timing = { slotMs: null, confirmationDepth: 1, finalizationDepth: 3 }
let dataDir: string
const open: LocalChain[] = []

function openChain(options: LocalChainOptions = {}): LocalChain {
  const chain = new LocalChain({ dataDir, timing, ...options })
  open.push(chain)
  return chain
}

function reopen(chain: LocalChain): LocalChain {
  chain.close()
  return openChain()
}

async function transfer(chain: LocalChain, payer: KeyPairSigner, to: Address, amount: bigint) {
  const latest = chain.latestBlockhash()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: blockhash(latest.blockhash),
            lastValidBlockHeight: BigInt(latest.lastValidBlockHeight),
          },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          transferSolInstruction({ source: payer, destination: to, lamports: amount }),
          m,
        ),
    ),
  )
  return Uint8Array.from(getTransactionEncoder().encode(signed))
}

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-chain-'))
})

afterEach(() => {
  for (const chain of open.splice(0)) chain.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('a chain in a data folder', () => {
  it('comes back after a restart with its blocks, history, balances and faucet', async () => {
    const first = openChain()
    const payer = await generateKeyPairSigner()
    const merchant = (await generateKeyPairSigner()).address
    const airdrop = await first.airdrop(payer.address, 10n * SOL)
    first.advanceSlots(5)
    const old = await first.sendTransaction(await transfer(first, payer, merchant, SOL))
    first.advanceSlots(4)
    // The newest transfer is only processed when the chain stops.
    const recent = await first.sendTransaction(await transfer(first, payer, merchant, 2n * SOL))
    const before = {
      slot: first.slot,
      genesis: first.genesisHash,
      blocks: [1, 6, first.slot - 1].map((slot) => first.block(slot)),
      entry: first.getTransaction(old),
    }

    const second = reopen(first)
    expect(second.slot).toBe(before.slot)
    expect(second.genesisHash).toBe(before.genesis)
    expect([1, 6, second.slot - 1].map((slot) => second.block(slot))).toEqual(before.blocks)
    expect(second.getTransaction(old)).toEqual(before.entry)
    expect(second.getSignaturesForAddress(merchant).map((e) => e.signature)).toEqual([recent, old])
    expect(second.getBalance(merchant)).toBe(3n * SOL)
    expect(second.getBalance(merchant, 'finalized')).toBe(SOL)
    expect(second.statusOf(second.getTransaction(recent) ?? fail()).confirmationStatus).toBe(
      'processed',
    )
    // The transfer's slot is the working slot again; sealing it puts it in its block.
    second.advanceSlots(1)
    expect(second.block(before.slot)?.entries.map((e) => e.signature)).toEqual([recent])
    second.advanceSlots(3)
    expect(second.getBalance(merchant, 'finalized')).toBe(3n * SOL)
    // The same faucet, with what it has left.
    const faucet = second.getTransaction(airdrop)?.accountKeys[0] ?? fail()
    const left = second.getBalance(faucet)
    const again = await second.airdrop(payer.address, SOL)
    expect(second.getTransaction(again)?.accountKeys[0]).toBe(faucet)
    expect(second.getBalance(faucet)).toBe(left - SOL - 5000n)
    expect(second.transactionCount).toBe(4)
  })

  it('accepts after a restart a transaction signed with a blockhash from before it', async () => {
    const first = openChain()
    const payer = await generateKeyPairSigner()
    await first.airdrop(payer.address, 10n * SOL)
    first.advanceSlots(2)
    const wire = await transfer(first, payer, payer.address, 1n)
    const second = reopen(first)
    const signature = await second.sendTransaction(wire)
    expect(second.getTransaction(signature)?.err).toBeNull()
  })

  it('keeps accounts set directly, at every commitment', async () => {
    const first = openChain()
    const merchant = (await generateKeyPairSigner()).address
    const account = { lamports: 1_000_000n, owner: '11111111111111111111111111111111' }
    first.setAccount(merchant, { ...account, data: new Uint8Array(0), executable: false })
    const second = reopen(first)
    expect(second.getAccount(merchant, 'finalized')).toMatchObject(account)
  })

  it('drops a record torn by a crash, and refuses a folder damaged elsewhere', async () => {
    const first = openChain()
    const payer = await generateKeyPairSigner()
    await first.airdrop(payer.address, 10n * SOL)
    first.advanceSlots(2)
    first.close()
    const ledger = path.join(dataDir, 'ledger.jsonl')
    const blocks = path.join(dataDir, 'blocks.bin')
    const whole = fs.readFileSync(ledger, 'utf8')
    fs.appendFileSync(ledger, '{"t":"tx","entry":{"seq')
    fs.appendFileSync(blocks, new Uint8Array([1, 2]))
    const second = openChain()
    expect(second.getBalance(payer.address)).toBe(10n * SOL)
    expect(second.slot).toBe(first.slot)
    expect(fs.readFileSync(ledger, 'utf8')).toBe(whole)
    expect(fs.statSync(blocks).size % 4).toBe(0)
    second.close()

    fs.writeFileSync(ledger, `garbage\n${whole}`)
    expect(() => openChain()).toThrow(/damaged at byte 0/)
  })

  it('is opened by one chain at a time', () => {
    const first = openChain()
    expect(() => new LocalChain({ dataDir })).toThrow(FolderLockedError)
    first.close()
    expect(openChain().slot).toBe(first.slot)
  })
})

function fail(): never {
  throw new Error('missing')
}
