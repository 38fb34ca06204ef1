// The server package's folder (apps/server), for the files it reads next to its code: the
// migrations, and the web build beside it. This module sits one level below that folder in
// every form the server runs in: src/ (tests, `npm run dev`), dist/ (tsc's output) and bundle/
// (the production bundle, see scripts/bundle.mjs), so one relative step is right in all three.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
