// LiteSVM reports field-less errors as numbers; the name tables must follow its enums exactly.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { INSTRUCTION_ERRORS, namedTransactionError, TRANSACTION_ERRORS } from './errors.js'

function enumNames(source: string, name: string): string[] {
  const body = source.match(new RegExp(`export declare const enum ${name} \\{([^}]*)\\}`))?.[1]
  if (!body) throw new Error(`enum ${name} not found`)
  return [...body.matchAll(/(\w+)\s*=\s*(\d+)/g)]
    .sort((a, b) => Number(a[2]) - Number(b[2]))
    .map((match) => match[1] ?? '')
}

describe('transaction error names', () => {
  const entry = createRequire(import.meta.url).resolve('litesvm')
  const declarations = readFileSync(path.join(path.dirname(entry), 'internal.d.ts'), 'utf8')

  it('follow LiteSVM numbering of TransactionErrorFieldless', () => {
    expect(TRANSACTION_ERRORS.map(([name]) => name)).toEqual(
      enumNames(declarations, 'TransactionErrorFieldless'),
    )
  })

  it('follow LiteSVM numbering of InstructionErrorFieldless', () => {
    expect(INSTRUCTION_ERRORS.map(([name]) => name)).toEqual(
      enumNames(declarations, 'InstructionErrorFieldless'),
    )
  })

  it('carry the runtime texts used in preflight messages', () => {
    expect(namedTransactionError('BlockhashNotFound')).toEqual({
      json: 'BlockhashNotFound',
      text: 'Blockhash not found',
    })
    expect(() => namedTransactionError('Nonsense')).toThrow()
  })
})
