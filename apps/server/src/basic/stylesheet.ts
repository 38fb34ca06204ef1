// The basic shop wears the web app's own stylesheet: the file its built index.html links (hashed,
// served from the shop's origin by http/web-app.ts). Its Tailwind build also reads the basic
// shop's components (apps/web/src/index.css, `@source`), so every class used here is in it.
import fs from 'node:fs'
import path from 'node:path'

export function builtStylesheet(webDistDir: string | null): string | null {
  if (!webDistDir) return null
  let html: string
  try {
    html = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8')
  } catch {
    return null
  }
  const link = /<link\b[^>]*\brel="stylesheet"[^>]*>/.exec(html)?.[0]
  const href = link ? /\bhref="(\/[^"]+\.css)"/.exec(link)?.[1] : undefined
  return href ?? null
}
