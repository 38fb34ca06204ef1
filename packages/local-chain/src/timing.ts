// How fast the chain moves: the slot clock and how far behind the newest slot `confirmed` and
// `finalized` lag, as on a cluster where votes take a slot or two to confirm a block and 32 to
// root it. Tests choose shorter lags; `npm run chain` and the shop use the realistic ones.

export type CommitmentLevel = 'processed' | 'confirmed' | 'finalized'

export const COMMITMENT_LEVELS: readonly CommitmentLevel[] = ['processed', 'confirmed', 'finalized']

export interface ChainTiming {
  /** Milliseconds per slot of the slot clock; null: slots advance only by `advanceSlots`. */
  slotMs: number | null
  /** Slots between the newest (processed) slot and the confirmed one. */
  confirmationDepth: number
  /** Slots between the newest slot and the finalized (rooted) one. */
  finalizationDepth: number
}

/** A cluster's pace: 400 ms slots, confirmed two slots and finalized 32 slots behind. */
export const REALISTIC_TIMING: ChainTiming = {
  slotMs: 400,
  confirmationDepth: 2,
  finalizationDepth: 32,
}

/**
 * For test suites of clients: what lands is confirmed at once and finalized two slots later, with
 * 100 ms slots (a blockhash still lives 15 s, enough for a loaded machine).
 */
export const QUICK_TIMING: ChainTiming = {
  slotMs: 100,
  confirmationDepth: 0,
  finalizationDepth: 2,
}

function depth(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 10_000) {
    throw new RangeError(`${what} must be an integer from 0 to 10000`)
  }
  return value
}

/** The realistic timing with `overrides`, checked. */
export function resolveTiming(overrides: Partial<ChainTiming> = {}): ChainTiming {
  const timing = { ...REALISTIC_TIMING, ...overrides }
  if (timing.slotMs !== null && (!Number.isInteger(timing.slotMs) || timing.slotMs < 1)) {
    throw new RangeError('slotMs must be a positive integer or null')
  }
  depth(timing.confirmationDepth, 'confirmationDepth')
  depth(timing.finalizationDepth, 'finalizationDepth')
  if (timing.finalizationDepth < timing.confirmationDepth) {
    throw new RangeError('finalizationDepth must not be below confirmationDepth')
  }
  return timing
}
