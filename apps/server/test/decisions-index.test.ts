// The decision records' index (docs/decisions/README.md) lists every record with its status.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DECISIONS, decisionsIndex } from '../../../scripts/decisions-index.mjs'

describe('the decision records', () => {
  it('are all in the index, with their status (node scripts/decisions-index.mjs writes it)', () => {
    const index = fs.readFileSync(path.join(DECISIONS, 'README.md'), 'utf8')
    expect(index).toBe(decisionsIndex())
    expect(index.split('\n').filter((line) => line.startsWith('- [')).length).toBeGreaterThan(40)
  })
})
