// Where a chain keeps its history: nowhere (tests, throwaway chains) or a data folder, so that a
// restarted chain has the same blocks, transactions and balances. The folder holds
//   chain.json    genesis hash and time, and the faucet's key (play money only)
//   blocks.bin    the block time of every sealed slot, 4 bytes each (u32 LE Unix seconds)
//   ledger.jsonl  every landed transaction with the accounts it wrote, and accounts set directly
// Appends are synchronous writes, done before the RPC answers, so a crash (even SIGKILL) loses
// nothing that a client was told; a record torn by a crash mid-write is dropped on load.
import fs from 'node:fs'
import path from 'node:path'
import { lockFolder } from './folder-lock.js'
import { formatRecord, type LedgerRecord, parseRecord } from './store-format.js'

export interface ChainMeta {
  genesisHash: string
  /** Unix seconds of the genesis block. */
  genesisTime: number
  /** Private key of the faucet (32 bytes). */
  faucetSeed: Uint8Array
}

export interface StoredChain extends ChainMeta {
  /** Block times of the sealed slots 0..n-1. */
  blockTimes: number[]
  records: LedgerRecord[]
}

export interface ChainStore {
  /** The chain kept so far, or null when there is none yet. */
  load(): StoredChain | null
  /** Starts a new chain. */
  create(meta: ChainMeta): void
  appendBlockTime(time: number): void
  append(record: LedgerRecord): void
  close(): void
}

/** Keeps nothing: the chain starts empty each time. */
export class MemoryStore implements ChainStore {
  load(): StoredChain | null {
    return null
  }
  create(): void {}
  appendBlockTime(): void {}
  append(): void {}
  close(): void {}
}

const FORMAT_VERSION = 1

export class FolderStore implements ChainStore {
  readonly #dir: string
  readonly #unlock: () => void
  #blocksFd: number | null = null
  #ledgerFd: number | null = null

  constructor(dir: string) {
    this.#dir = dir
    fs.mkdirSync(dir, { recursive: true })
    this.#unlock = lockFolder(dir)
  }

  #file(name: string): string {
    return path.join(this.#dir, name)
  }

  load(): StoredChain | null {
    let metaText: string
    try {
      metaText = fs.readFileSync(this.#file('chain.json'), 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    const meta = JSON.parse(metaText) as {
      version: number
      genesisHash: string
      genesisTime: number
      faucetSeed: string
    }
    if (meta.version !== FORMAT_VERSION) {
      throw new Error(`${this.#dir} holds a chain of format ${meta.version}, not ${FORMAT_VERSION}`)
    }
    const stored: StoredChain = {
      genesisHash: meta.genesisHash,
      genesisTime: meta.genesisTime,
      faucetSeed: new Uint8Array(Buffer.from(meta.faucetSeed, 'base64')),
      blockTimes: this.#loadBlockTimes(),
      records: this.#loadLedger(),
    }
    this.#open()
    return stored
  }

  create(meta: ChainMeta): void {
    const text = JSON.stringify({
      version: FORMAT_VERSION,
      genesisHash: meta.genesisHash,
      genesisTime: meta.genesisTime,
      faucetSeed: Buffer.from(meta.faucetSeed).toString('base64'),
    })
    // Written whole or not at all: a folder without chain.json is a new chain.
    fs.writeFileSync(this.#file('chain.json.tmp'), text, { mode: 0o600 })
    fs.writeFileSync(this.#file('blocks.bin'), new Uint8Array(0))
    fs.writeFileSync(this.#file('ledger.jsonl'), '')
    fs.renameSync(this.#file('chain.json.tmp'), this.#file('chain.json'))
    this.#open()
  }

  appendBlockTime(time: number): void {
    if (this.#blocksFd === null) throw new Error('the chain store is closed')
    const record = new Uint8Array(4)
    new DataView(record.buffer).setUint32(0, time, true)
    fs.writeSync(this.#blocksFd, record)
  }

  append(record: LedgerRecord): void {
    if (this.#ledgerFd === null) throw new Error('the chain store is closed')
    fs.writeSync(this.#ledgerFd, formatRecord(record))
  }

  close(): void {
    for (const fd of [this.#blocksFd, this.#ledgerFd]) if (fd !== null) fs.closeSync(fd)
    this.#blocksFd = null
    this.#ledgerFd = null
    this.#unlock()
  }

  #open(): void {
    this.#blocksFd = fs.openSync(this.#file('blocks.bin'), 'a')
    this.#ledgerFd = fs.openSync(this.#file('ledger.jsonl'), 'a')
  }

  #loadBlockTimes(): number[] {
    const file = this.#file('blocks.bin')
    const bytes = fs.readFileSync(file)
    const whole = bytes.length - (bytes.length % 4)
    if (whole !== bytes.length) fs.truncateSync(file, whole) // a torn last record
    const view = new DataView(bytes.buffer, bytes.byteOffset, whole)
    const times: number[] = []
    for (let offset = 0; offset < whole; offset += 4) times.push(view.getUint32(offset, true))
    return times
  }

  #loadLedger(): LedgerRecord[] {
    const file = this.#file('ledger.jsonl')
    const text = fs.readFileSync(file, 'utf8')
    const records: LedgerRecord[] = []
    let start = 0
    while (start < text.length) {
      const end = text.indexOf('\n', start)
      const line = text.slice(start, end === -1 ? text.length : end)
      try {
        if (end === -1) throw new Error('no newline: the write did not finish')
        records.push(parseRecord(line))
      } catch (error) {
        // Only the last record can be torn by a crash; damage anywhere else is not ours to fix.
        if (end !== -1 && end + 1 < text.length) {
          throw new Error(`${file} is damaged at byte ${start}: ${(error as Error).message}`)
        }
        fs.truncateSync(file, Buffer.byteLength(text.slice(0, start)))
        break
      }
      start = end + 1
    }
    return records
  }
}
