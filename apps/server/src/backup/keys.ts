// The secrets a restored shop needs to be the shop it was: JWT_SECRET (the staff's TOTP secrets
// are sealed under it) and DELIVERY_KEY (the delivery codes). A backup records a check value of
// each (an HMAC of a fixed text under the key, which says whether a key is the one, not what it
// is), and carries the keys the shop generated itself in DATA_DIR only inside an encrypted file
// (docs/data-in-and-out.md, "Backups"); a restore resolves each before it writes anything.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { BackupError } from './backup-error.js'

export type KeyName = 'JWT_SECRET' | 'DELIVERY_KEY'

/** Each key, the file in DATA_DIR it is kept in when the shop generated it, and what it opens. */
export const SHOP_KEYS: readonly { name: KeyName; file: string; opens: string }[] = [
  { name: 'JWT_SECRET', file: 'jwt-secret', opens: "the staff's authenticator secrets" },
  { name: 'DELIVERY_KEY', file: 'delivery-key', opens: 'the delivery codes' },
]

export interface KeyRecord {
  /** Tells a key apart from another without saying what it is. */
  check: string
  /** The backup carries the key itself (generated in DATA_DIR, and the backup encrypted). */
  carried: boolean
}

/** A key the shop runs with, and whether it generated it into DATA_DIR (no variable set). */
export interface ShopKey {
  value: string
  generated: boolean
}

export function keyCheck(key: string): string {
  return crypto
    .createHmac('sha256', key)
    .update('privacy-shop backup key check v1')
    .digest('hex')
    .slice(0, 32)
}

/** What the restore found for a key: the value the restored shop will use, and its source. */
export interface ResolvedKey {
  name: KeyName
  file: string
  source: 'environment' | 'data folder' | 'backup'
  /** Set when the backup's copy is to be written to DATA_DIR. */
  write: string | null
}

/**
 * How the restored shop will get each key: its variable (which must be the backup's key), else
 * the backup's own copy (written to DATA_DIR), else the file already in DATA_DIR (the same key).
 * Refuses with the key's name and what to do when none is the backup's key.
 */
export function resolveKeys(options: {
  keys: Partial<Record<KeyName, KeyRecord>>
  carried: ReadonlyMap<string, string>
  env: Partial<Record<KeyName, string | null>>
  dataDir: string
  force: boolean
}): ResolvedKey[] {
  const resolved: ResolvedKey[] = []
  for (const { name, file, opens } of SHOP_KEYS) {
    const record = options.keys[name]
    if (!record) throw new BackupError(`The backup's manifest does not say which ${name} it needs`)
    const given = options.env[name] ?? null
    if (given !== null) {
      if (keyCheck(given) !== record.check) {
        throw new BackupError(
          `${name} is not the key this backup was taken with: ${opens} would not open. Give the shop's ${name}, or unset it${record.carried ? ' to use the one the backup carries' : ''}`,
        )
      }
      resolved.push({ name, file, source: 'environment', write: null })
      continue
    }
    const kept = readKeptKey(path.join(options.dataDir, file))
    const copy = options.carried.get(file)
    if (copy !== undefined && keyCheck(copy) === record.check) {
      if (kept !== null && kept !== copy && !options.force) {
        throw new BackupError(
          `${path.join(options.dataDir, file)} holds another ${name} than the backup's: --force replaces it (the old file is kept beside it)`,
        )
      }
      resolved.push({ name, file, source: 'backup', write: kept === copy ? null : copy })
      continue
    }
    if (kept !== null && keyCheck(kept) === record.check) {
      resolved.push({ name, file, source: 'data folder', write: null })
      continue
    }
    throw new BackupError(
      `This backup needs its ${name}, which opens ${opens}, and ${record.carried ? 'its copy does not match' : 'does not carry it (only an encrypted backup carries a generated key)'}: set ${name} to the shop's key (the content of its DATA_DIR/${file} when the shop generated it)`,
    )
  }
  return resolved
}

function readKeptKey(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** Writes the backup's copies into DATA_DIR, keeping a replaced file beside it. */
export function writeKeys(keys: readonly ResolvedKey[], dataDir: string): void {
  for (const key of keys) {
    if (key.write === null) continue
    fs.mkdirSync(dataDir, { recursive: true })
    const file = path.join(dataDir, key.file)
    if (fs.existsSync(file)) fs.renameSync(file, `${file}.before-restore-${Date.now()}`)
    fs.writeFileSync(file, key.write, { flag: 'wx', mode: 0o600 })
  }
}
