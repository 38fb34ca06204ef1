// Builds the workspaces whose build is older than their sources, and nothing when every build is
// current: `npm start` runs this first, so a restart of a built tree starts at once while a fresh
// clone or an edited file still gets built. Like make: a workspace is stale when one of its
// inputs (or of the workspaces it is built from) was modified after its build's marker files.
// Plain Node.js, no dependencies, so it runs before anything is built.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * In build order. `inputs` are files or folders under `dir`; `markers` are written by every
 * build (tsc emits every file, vite empties its folder), so their oldest mtime is when the
 * build ran. `uses` are the workspaces whose sources this build reads.
 */
export const WORKSPACES = [
  {
    name: '@shop/contract',
    dir: 'packages/contract',
    inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'],
    markers: ['dist/index.js'],
    uses: [],
  },
  {
    name: '@shop/local-chain',
    dir: 'packages/local-chain',
    inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'],
    markers: ['dist/index.js', 'dist/cli.js'],
    uses: ['@shop/contract'],
  },
  {
    name: '@shop/server',
    dir: 'apps/server',
    // The basic shop's texts are the web app's dictionaries, bundled into the server.
    inputs: [
      'src',
      'scripts',
      'package.json',
      'tsconfig.json',
      'tsconfig.build.json',
      '../web/src/locales',
    ],
    markers: ['dist/main.js', 'bundle/shop.mjs'],
    uses: ['@shop/contract', '@shop/local-chain'],
  },
  {
    name: '@shop/web',
    dir: 'apps/web',
    inputs: [
      'src',
      'public',
      'index.html',
      'admin.html',
      'vite.config.ts',
      'package.json',
      'tsconfig.json',
      // The stylesheet holds the basic shop's classes too (src/index.css).
      '../server/src/basic',
    ],
    markers: ['dist/index.html', 'dist/admin.html'],
    uses: ['@shop/contract'],
    // Vite's file tables are for a developer building by hand, not for every start's log.
    buildArgs: ['--logLevel', 'error'],
  },
]

/** Files that change what a build produces, but not a build's own output. */
const IGNORED =
  /(?:\.test\.tsx?|\.d\.ts\.map)$|(?:^|[\\/])(?:node_modules|dist|test-support)(?:[\\/]|$)/

/** The newest mtime (ms) under `file`, 0 when it does not exist. */
function newestMtime(file) {
  let stat
  try {
    stat = fs.statSync(file)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return IGNORED.test(file) ? 0 : stat.mtimeMs
  let newest = stat.mtimeMs // an added or removed file changes its folder's mtime
  for (const entry of fs.readdirSync(file)) {
    const child = path.join(file, entry)
    if (!IGNORED.test(child)) newest = Math.max(newest, newestMtime(child))
  }
  return newest
}

/** The oldest marker's mtime (ms), or null when one is missing (never built). */
function builtAt(root, workspace) {
  let oldest = Number.POSITIVE_INFINITY
  for (const marker of workspace.markers) {
    try {
      oldest = Math.min(oldest, fs.statSync(path.join(root, workspace.dir, marker)).mtimeMs)
    } catch {
      return null
    }
  }
  return oldest
}

function sourcesChangedAt(root, workspaces, workspace) {
  const own = workspace.inputs.map((input) => newestMtime(path.join(root, workspace.dir, input)))
  const used = workspace.uses.map((name) =>
    sourcesChangedAt(
      root,
      workspaces,
      workspaces.find((w) => w.name === name),
    ),
  )
  // The lock file: a dependency installed in another version may build differently.
  return Math.max(newestMtime(path.join(root, 'package-lock.json')), ...own, ...used)
}

/**
 * The workspaces whose build is missing or older than their sources, in build order (`root` and
 * `workspaces` are the repository's unless a test gives others).
 */
export function staleWorkspaces({ root = ROOT, workspaces = WORKSPACES } = {}) {
  return workspaces.filter((workspace) => {
    const built = builtAt(root, workspace)
    return built === null || sourcesChangedAt(root, workspaces, workspace) > built
  })
}

/**
 * Builds every stale workspace, one after the other; returns the names built. Their own output
 * (compiler errors) goes to this process's stderr; a failed build throws.
 */
export function buildStale({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const stale = staleWorkspaces()
  if (stale.length === 0) return []
  log(`building ${stale.map((w) => w.name).join(', ')} (changed since the last build)...`)
  for (const workspace of stale) {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const extra = workspace.buildArgs ? ['--', ...workspace.buildArgs] : []
    const result = spawnSync(npm, ['run', 'build', '--silent', '-w', workspace.name, ...extra], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    if (result.status !== 0) {
      throw new Error(
        `the build of ${workspace.name} failed (exit ${result.status ?? result.signal})`,
      )
    }
  }
  return stale.map((w) => w.name)
}
