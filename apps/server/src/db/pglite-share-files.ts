// PGlite's share files (pglite.data: PostgreSQL's time zones, the scripts initdb runs, character
// set conversions, ICU's collation data: hundreds of files) read from disk when PostgreSQL first
// opens each, instead of all kept in this process's memory from the start. A started shop reads
// a few of them (the time zones it uses, PL/pgSQL); the rest would take memory for nothing
// (decision 0034).
//
// PGlite loads the whole file into one buffer and gives each file of its in-memory file system
// (Emscripten's MEMFS) a view of that buffer, kept for the life of the process. Here PGlite gets
// a buffer of the same size that nothing writes, so the operating system never backs its pages,
// and each file's view is replaced by a property that reads the file's own bytes from
// pglite.data the first time PostgreSQL reads it. Every file keeps its real bytes: none is left
// out, so no statement can find one missing or empty.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Extension } from '@electric-sql/pglite'

/** The package's own share files, which PGlite reads from beside its code. */
export const SHARE_FILES = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
  'pglite.data',
)

/**
 * What PGlite is given as its share files: for the first PGlite that asks (the shop's, which has
 * the extension below) a buffer of pglite.data's size that nothing writes; for any later one,
 * pglite.data's real bytes. PGlite runs initdb for a new folder in a second, short-lived PGlite
 * made from the same options without their extensions, which must read its share files as usual.
 */
class ShareFiles extends Blob {
  readonly #size = fs.statSync(SHARE_FILES).size
  #unreadGiven = false

  constructor() {
    super([])
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    if (!this.#unreadGiven) {
      this.#unreadGiven = true
      // Zeroed by the allocator and never written: its pages take no memory, and only the views
      // that readOnFirstUse replaces point into it.
      return new ArrayBuffer(this.#size)
    }
    const bytes = await fs.promises.readFile(SHARE_FILES)
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer
  }
}

/** The parts of Emscripten's module and MEMFS this relies on. */
interface EmscriptenModule {
  FS_createDataFile: (
    parent: unknown,
    name: string | null,
    data: Uint8Array,
    ...rest: unknown[]
  ) => unknown
  FS: { lookupPath(path: string): { node: MemFsNode } }
}
interface MemFsNode {
  contents: Uint8Array | null
}

/** The bytes of one file of pglite.data, read from disk. */
function readShareFile(offset: number, length: number): Uint8Array {
  const bytes = new Uint8Array(length)
  const fd = fs.openSync(SHARE_FILES, 'r')
  try {
    let read = 0
    while (read < length) {
      const n = fs.readSync(fd, bytes, read, length - read, offset + read)
      if (n === 0) throw new Error(`${SHARE_FILES} ends before byte ${offset + length}`)
      read += n
    }
  } finally {
    fs.closeSync(fd)
  }
  return bytes
}

/** A file's contents become its bytes from disk on first read; a write replaces them as usual. */
function readOnFirstUse(node: MemFsNode): void {
  const view = node.contents
  if (!view || view.length === 0) return
  const { byteOffset, length } = view
  Object.defineProperty(node, 'contents', {
    configurable: true,
    enumerable: true,
    get() {
      const bytes = readShareFile(byteOffset, length)
      Object.defineProperty(node, 'contents', { value: bytes, writable: true, enumerable: true })
      return bytes
    },
    set(value: Uint8Array | null) {
      Object.defineProperty(node, 'contents', { value, writable: true, enumerable: true })
    },
  })
}

/** PGlite's options for share files read on first use; a new pair for each PGlite. */
export function shareFilesReadOnFirstUse(): {
  fsBundle: Blob
  extensions: Record<string, Extension>
} {
  // PGlite's documented hook into the Emscripten module's options, run before the share files
  // are created.
  const extension: Extension = {
    name: 'share-files-read-on-first-use',
    async setup(_pg, emscriptenOpts) {
      const preRun = [
        ...(emscriptenOpts.preRun ?? []),
        (module: EmscriptenModule) => {
          const createDataFile = module.FS_createDataFile
          module.FS_createDataFile = (parent, name, data, ...rest) => {
            const created = createDataFile(parent, name, data, ...rest)
            // PGlite gives each file's whole path as the parent, with no name.
            if (typeof parent === 'string' && name === null) {
              readOnFirstUse(module.FS.lookupPath(parent).node)
            }
            return created
          }
        },
      ]
      return { emscriptenOpts: { ...emscriptenOpts, preRun } }
    },
  }
  return { fsBundle: new ShareFiles(), extensions: { shareFiles: extension } }
}
