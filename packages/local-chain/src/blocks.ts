// The chain's blocks: one per slot, each with a block time and a blockhash, and the window of
// recent blockhashes a transaction may use. Every slot produces a block (a single leader that is
// never skipped), so a slot's block height is the slot itself. Blockhashes derive from the genesis
// hash and the slot, so a restarted chain knows every past block's hash from its block times alone.
import { createHash } from 'node:crypto'
import { getBase58Encoder } from '@solana/kit'
import { encodeBase58 } from './wire.js'

/** Blocks a blockhash stays usable for, as on the real cluster (MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALIDITY_BLOCKS = 150

export interface LatestBlockhash {
  blockhash: string
  lastValidBlockHeight: number
}

const base58Bytes = getBase58Encoder()

export class Blocks {
  readonly #genesisHash: string
  readonly #genesisBytes: Uint8Array
  /** Block times (Unix seconds) of the sealed slots 0..working-1, then of the working slot. */
  readonly #times: number[]
  /** Hashes still inside the validity window, with the slot of their block. */
  readonly #window = new Map<string, number>()

  /** `sealedTimes` are the block times of slots 0..n-1; slot n is then the working slot. */
  constructor(genesisHash: string, sealedTimes: readonly number[], workingTime: number) {
    this.#genesisHash = genesisHash
    this.#genesisBytes = Uint8Array.from(base58Bytes.encode(genesisHash))
    this.#times = [...sealedTimes, workingTime]
    const first = Math.max(0, this.working - BLOCKHASH_VALIDITY_BLOCKS - 1)
    for (let slot = first; slot < this.working; slot++) this.#window.set(this.hashOf(slot), slot)
  }

  get genesisHash(): string {
    return this.#genesisHash
  }

  /** The slot whose block is being built: transactions land here (`processed`). */
  get working(): number {
    return this.#times.length - 1
  }

  /** Block time of a sealed or the working slot. */
  timeOf(slot: number): number | undefined {
    return this.#times[slot]
  }

  /** Block times of the sealed slots, in slot order. */
  sealedTimes(): readonly number[] {
    return this.#times.slice(0, -1)
  }

  hashOf(slot: number): string {
    if (slot === 0) return this.#genesisHash
    const index = new Uint8Array(8)
    new DataView(index.buffer).setBigUint64(0, BigInt(slot), true)
    return encodeBase58(createHash('sha256').update(this.#genesisBytes).update(index).digest())
  }

  /** Seals the working slot and opens the next one at `nextTime`; returns the sealed slot. */
  seal(nextTime: number): number {
    const sealed = this.working
    this.#window.set(this.hashOf(sealed), sealed)
    this.#times.push(Math.max(nextTime, this.#times[sealed] ?? nextTime))
    for (const [hash, slot] of this.#window) {
      if (slot + BLOCKHASH_VALIDITY_BLOCKS + 1 < this.working) this.#window.delete(hash)
    }
    return sealed
  }

  /**
   * The newest blockhash a bank at `slot` knows: that of the block before it, usable while the
   * working slot is at most `lastValidBlockHeight` (150 blocks later, as the RPC reports it).
   */
  latestAt(slot: number): LatestBlockhash {
    const block = Math.max(0, Math.min(slot, this.working) - 1)
    return {
      blockhash: this.hashOf(block),
      lastValidBlockHeight: block + 1 + BLOCKHASH_VALIDITY_BLOCKS,
    }
  }

  /** Whether a transaction with this blockhash may land in the working slot. */
  isValid(blockhash: string): boolean {
    const slot = this.#window.get(blockhash)
    return slot !== undefined && this.working <= slot + 1 + BLOCKHASH_VALIDITY_BLOCKS
  }

  /** Whether a bank at `slot` (the working one or an older one) accepts this blockhash. */
  isValidAt(blockhash: string, slot: number): boolean {
    const block = this.#window.get(blockhash)
    return block !== undefined && block < slot && slot <= block + 1 + BLOCKHASH_VALIDITY_BLOCKS
  }
}
