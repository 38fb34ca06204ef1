// The backup file (decision 0046): JSON lines, gzip-compressed, and with BACKUP_KEY encrypted as
// an age file (age-encryption.org/v1, scrypt passphrase recipient: ChaCha20-Poly1305 in 64 KiB
// chunks, each authenticated, the last one marked, so a changed, cut or reordered byte fails).
// Written and read as a stream, a chunk of lines at a time: a large shop never sits in memory.
//
//   {"header": {...}}                       format, version, when, shop version, schema migration
//   {"table": "users", "columns": [...]}    then one line per row: a JSON array of the values'
//   ["1", "alice", null, ...]               PostgreSQL text forms (null for NULL)
//   {"sequences": [...]}                    where each identity or serial sequence stood
//   {"file": {"name": "...", ...}}          a key the shop generated (encrypted backups only)
//   {"manifest": {...}}                     last: everything above counted, and its SHA-256
import crypto from 'node:crypto'
import fs from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { StringDecoder } from 'node:string_decoder'
import zlib from 'node:zlib'
import { BackupError } from './backup-error.js'

export const BACKUP_FORMAT = 'privacy-shop-backup'
export const BACKUP_FORMAT_VERSION = 1

/**
 * scrypt's work factor (log2 N) for BACKUP_KEY: 32 MiB and a fraction of a second. BACKUP_KEY is
 * at least 32 characters (the README has it generated), not a typed password; age reads up to 20.
 */
const SCRYPT_WORK_FACTOR = 15

const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n')
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b])

export type BackupLine =
  | { kind: 'row'; line: string }
  | { kind: 'marker'; line: string; value: Record<string, unknown> }

/**
 * Writes `body` (whole lines, each ending in a newline) to `file`, then the manifest line that
 * `manifest` builds from the SHA-256 of everything before it. The file is created, never
 * replaced, readable by its owner only.
 */
export async function writeBackupFile(
  file: string,
  body: AsyncIterable<string>,
  manifest: (sha256: string) => Record<string, unknown>,
  key: string | null,
): Promise<void> {
  async function* lines() {
    const hash = crypto.createHash('sha256')
    for await (const chunk of body) {
      hash.update(chunk)
      yield chunk
    }
    yield `${JSON.stringify({ manifest: manifest(hash.digest('hex')) })}\n`
  }
  const output = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 })
  const gzip = zlib.createGzip()
  if (key === null) return pipeline(Readable.from(lines()), gzip, output)
  // Loaded when a backup is encrypted: a shop that never backs up never loads it.
  const { Encrypter } = await import('age-encryption')
  const encrypter = new Encrypter()
  encrypter.setScryptWorkFactor(SCRYPT_WORK_FACTOR)
  encrypter.setPassphrase(key)
  return pipeline(
    Readable.from(lines()),
    gzip,
    async function* encrypt(compressed: AsyncIterable<Uint8Array>) {
      yield* await encrypter.encrypt(ReadableStream.from(compressed))
    },
    output,
  )
}

/** Whether the file is encrypted (an age file) or plain (gzip); anything else is refused. */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(
      `Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`,
    )
  })
  try {
    const start = Buffer.alloc(AGE_MAGIC.length)
    const { bytesRead } = await handle.read(start, 0, start.length, 0)
    const head = start.subarray(0, bytesRead)
    if (head.equals(AGE_MAGIC)) return true
    if (head.subarray(0, 2).equals(GZIP_MAGIC)) return false
    throw new BackupError(`${file} is not a shop backup`)
  } finally {
    await handle.close()
  }
}

/**
 * The file's lines, decrypted and decompressed; the manifest's checksum is checked when the
 * manifest is reached, so a reader that gets to the end has read the file as it was written.
 */
export async function* readBackupFile(
  file: string,
  key: string | null,
): AsyncGenerator<BackupLine> {
  const encrypted = await isEncryptedBackup(file)
  if (encrypted && key === null) {
    throw new BackupError(
      'This backup is encrypted: set BACKUP_KEY to the key the shop had when it was taken',
    )
  }
  let source: Readable = fs.createReadStream(file)
  if (encrypted && key !== null) {
    const { Decrypter } = await import('age-encryption')
    const decrypter = new Decrypter()
    decrypter.addPassphrase(key)
    let plain: ReadableStream<Uint8Array>
    try {
      plain = await decrypter.decrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>)
    } catch (error) {
      source.destroy()
      throw keyRefusal(error)
    }
    source = Readable.fromWeb(plain as import('node:stream/web').ReadableStream<Uint8Array>)
  }
  const gunzip = zlib.createGunzip()
  const piping = pipeline(source, gunzip)
  piping.catch(() => {}) // its error reaches the loop below through gunzip
  const hash = crypto.createHash('sha256')
  const decoder = new StringDecoder('utf8')
  let pending = ''
  let manifestSeen = false
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      pending += decoder.write(chunk)
      let end = pending.indexOf('\n')
      while (end !== -1) {
        const line = pending.slice(0, end)
        pending = pending.slice(end + 1)
        if (manifestSeen) throw damaged('it goes on after its manifest')
        const parsed = parseLine(line)
        if (parsed.kind === 'marker' && 'manifest' in parsed.value) {
          manifestSeen = true
          const manifest = parsed.value.manifest as { sha256?: unknown }
          if (manifest.sha256 !== hash.digest('hex')) {
            throw damaged('its checksum does not match its contents')
          }
        } else {
          hash.update(`${line}\n`)
        }
        yield parsed
        end = pending.indexOf('\n')
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw damaged(error instanceof Error ? error.message : String(error))
  } finally {
    gunzip.destroy()
  }
  if (pending + decoder.end() !== '' || !manifestSeen) throw damaged('it ends before its manifest')
}

function parseLine(line: string): BackupLine {
  if (line.startsWith('[')) return { kind: 'row', line }
  try {
    const value = JSON.parse(line) as unknown
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return { kind: 'marker', line, value: value as Record<string, unknown> }
    }
  } catch {
    // refused below
  }
  throw damaged('a line of it is not what a backup holds')
}

export function damaged(why: string): BackupError {
  return new BackupError(`The backup file is damaged or was changed (${why}): it is not restored`)
}

/** age's refusals of a passphrase: the wrong key, or a header someone changed. */
function keyRefusal(error: unknown): BackupError {
  const message = error instanceof Error ? error.message : String(error)
  if (message.includes('no identity matched')) {
    return new BackupError(
      'BACKUP_KEY does not open this backup: give the key the shop had when it was taken',
    )
  }
  return damaged(message)
}
