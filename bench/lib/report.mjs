// The one table `npm run bench` prints: every figure with its budget and pass/fail.

export class Report {
  rows = []

  /**
   * `pass` is true/false for a budgeted figure, null for one shown for information only.
   * `note` explains a failure or how the figure was taken (printed under the table).
   */
  add(area, figure, value, budget = '', pass = null, note = '') {
    this.rows.push({ area, figure, value, budget, pass, note })
  }

  get failed() {
    return this.rows.filter((row) => row.pass === false)
  }

  render() {
    const head = ['Area', 'Figure', 'Value', 'Budget', 'Result']
    const body = this.rows.map((row) => [
      row.area,
      row.figure,
      row.value,
      row.budget,
      row.pass === null ? 'info' : row.pass ? 'pass' : 'FAIL',
    ])
    const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => String(r[i]).length)))
    const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`
    const out = [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`]
    for (const r of body) out.push(line(r))
    const notes = this.rows.filter((row) => row.note)
    if (notes.length > 0) {
      out.push('')
      for (const row of notes) out.push(`- ${row.area} / ${row.figure}: ${row.note}`)
    }
    return out.join('\n')
  }
}

export const fmt = {
  int: (n) => Math.round(n).toLocaleString('en-US'),
  ms: (n) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`,
  s: (ms) => `${(ms / 1000).toFixed(2)} s`,
  kb: (bytes) => `${(bytes / 1024).toFixed(1)} KB`,
  mb: (kb) => `${(kb / 1024).toFixed(0)} MB`,
  pct: (x) => `${(x * 100).toFixed(0)}%`,
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[rank - 1]
}
