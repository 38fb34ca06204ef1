// docs/architecture.md's "Who owns which table" is how a newcomer finds a table's module: it
// names every table of the schema, each once, and the module's schema file defines it.
import fs from 'node:fs'
import { getTableName, isTable } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as schema from '../src/db/schema.js'

const doc = fs.readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8')
const section = doc.split('## Who owns which table')[1]?.split('\n## ')[0] ?? ''
const named = section
  .split('\n')
  .filter(
    (line) => line.startsWith('| ') && !line.startsWith('| Module') && !line.startsWith('|---'),
  )
  .flatMap(
    (line) =>
      (line.split('|')[2] ?? '').replace(/\(.*?\)/g, '').match(/\b[a-z]+(?:_[a-z]+)*\b/g) ?? [],
  )

describe("architecture.md's ownership table", () => {
  it('lists every table of the schema', () => {
    const tables = Object.values(schema)
      .filter((value) => isTable(value))
      .map((table) => getTableName(table))
    expect(tables.length).toBeGreaterThan(20)
    expect(tables.filter((table) => !named.includes(table))).toEqual([])
  })
})
