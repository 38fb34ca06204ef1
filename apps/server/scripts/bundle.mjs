// Bundles the built server (dist/main.js, tsc's output) into bundle/, the code `npm start` runs
// (decision 0025). Node's module loader keeps a record, a scope and bookkeeping for every module
// it loads: the server and its libraries are about 1,200 files, which cost about 23 MB of the
// shop's memory as separate modules and not as a handful of chunks. The code is the same; only
// the files are fewer.
//
// Each `import()` of the server becomes a chunk of its own, loaded when it runs, as before: a
// shop on PGlite never loads the PostgreSQL driver, one on PostgreSQL never loads PGlite, and a
// production shop never loads the local chain. Packages that read files next to their own code
// (WebAssembly, native addons) stay outside, loaded from node_modules as before.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'

const SERVER = fileURLToPath(new URL('..', import.meta.url))
const BUNDLE_DIR = path.join(SERVER, 'bundle')

/** Loaded from node_modules at run time, not bundled: each reads files beside its code. */
const OUTSIDE = [
  '@electric-sql/pglite', // pglite.wasm and pglite.data
  '@node-rs/argon2', // a native addon
  'sharp', // a native addon
  '@shop/local-chain', // LiteSVM, a native addon, and the programs it loads
  'bufferutil', // ws's native helpers (node-gyp-build finds them beside their code)
  'utf-8-validate',
  'pg-native', // pg's optional native binding, not installed
]

// Bundled CommonJS libraries (Fastify, pino, pg...) call require() for Node's own modules.
const BANNER =
  "import { createRequire as __shopCreateRequire } from 'node:module';" +
  'const require = __shopCreateRequire(import.meta.url);'

fs.rmSync(BUNDLE_DIR, { recursive: true, force: true })
const result = await esbuild.build({
  entryPoints: { shop: path.join(SERVER, 'dist/main.js') },
  outdir: BUNDLE_DIR,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: OUTSIDE,
  banner: { js: BANNER },
  // Without comments or layout the code takes less memory as source text, and stays readable
  // (names are kept) with the source map for stack traces. Licences go to bundle/*.LEGAL.txt.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'external',
  charset: 'ascii',
  sourcemap: 'linked',
  // Which sources each file holds, for test/production-loads-no-chain.test.ts.
  metafile: true,
  absWorkingDir: SERVER,
  logLevel: 'warning',
})
if (result.errors.length > 0) process.exit(1)
fs.writeFileSync(path.join(BUNDLE_DIR, 'meta.json'), JSON.stringify(result.metafile))

// A bundled library that finds its files through __dirname would look beside the bundle, where
// nothing is: each must be listed in OUTSIDE, or be one of these, which the shop never runs.
const UNUSED_DIRNAME_USES = [
  // @fastify/swagger's default API version, read from its own package.json in a try: the shop
  // sets its own (http/openapi.ts).
  /\.join\(__dirname,\s*"\.\.",\s*"\.\.",\s*"package\.json"\)/g,
  // pino's and thread-stream's worker files, for log transports; the shop logs to stdout.
  /join\(__dirname,\s*(?:"lib",\s*)?"worker\.js"\)/g,
  /join\(__dirname,\s*"\.\.",\s*"file\.js"\)/g,
  // Swagger UI's files and logo, for which the shop gives their place (http/openapi.ts).
  /opts\d*\.baseDir\s*\|\|\s*path\d*\.join\(__dirname,\s*"\.\.",\s*"static"\)/g,
  /\.join\(__dirname,\s*"\.\/static\/logo\.svg"\)/g,
]
for (const file of fs.readdirSync(BUNDLE_DIR).filter((name) => name.endsWith('.mjs'))) {
  let text = fs.readFileSync(path.join(BUNDLE_DIR, file), 'utf8')
  // V8 keeps a source text with one character beyond Latin-1 at two bytes per character: one
  // "…" in a comment doubled the memory of the app's 2 MB of code.
  const wide = text.search(/[\u0100-\uffff]/)
  if (wide >= 0) {
    process.stderr.write(
      `bundle/${file} is not ASCII: ${text.slice(Math.max(0, wide - 60), wide + 20)}\n`,
    )
    process.exit(1)
  }
  for (const unused of UNUSED_DIRNAME_USES) text = text.replace(unused, '')
  const at = text.search(/\b__(?:dirname|filename)\b/)
  if (at >= 0) {
    const context = text.slice(Math.max(0, at - 80), at + 40)
    process.stderr.write(`bundle/${file} uses __dirname or __filename: ${context}\n`)
    process.exit(1)
  }
}
