// docs/decisions/README.md, the index of the decision records: one line each with its status,
// made from the records' own title and status lines. `node scripts/decisions-index.mjs` writes
// it; test/decisions-index.test.ts (server project) fails when it is out of date.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const DECISIONS = fileURLToPath(new URL('../docs/decisions/', import.meta.url))

const HEAD = `# Decision records

One line each: the record, what it decides, and its status (the record's own status line says
more). A new record takes the next free number; a record that replaces another says so in both.
`

/** The index as it should read, from the records in the folder. */
export function decisionsIndex(dir = DECISIONS) {
  const lines = fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}-.*\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8')
      const title = /^# (\d{4})\.? (.*)$/m.exec(text)
      const status = /^- Status: (.*)$/m.exec(text)
      if (!title || !status) throw new Error(`${file}: no "# NNNN Title" or "- Status:" line`)
      const short = status[1]
        .replace(/\[(\d{4})\]\([^)]*\)/g, '$1')
        .split(/ \(|;/)[0]
        .trim()
      return `- [${title[1]}](${file}) ${title[2]}: **${short}**`
    })
  return `${HEAD}\n${lines.join('\n')}\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(path.join(DECISIONS, 'README.md'), decisionsIndex())
}
