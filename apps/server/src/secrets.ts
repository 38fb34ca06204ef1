// The server's own secrets: JWT_SECRET signs access tokens (required when several processes share
// one PostgreSQL), DELIVERY_KEY seals delivery codes (required likewise). Each, when unset, is
// generated once and kept, readable by the owner only, in DATA_DIR; losing DELIVERY_KEY loses
// every unsold code, hence the README's advice to back it up.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { AppConfig } from './config.js'

export function resolveJwtSecret(config: AppConfig): string {
  return config.jwtSecret ?? keptSecret(config.dataDir, 'jwt-secret')
}

export function resolveDeliveryKey(config: AppConfig): string {
  return config.deliveryKey ?? keptSecret(config.dataDir, 'delivery-key')
}

/** The secret kept in `dataDir/fileName`, created on first use. */
function keptSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName)
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const secret = crypto.randomBytes(48).toString('base64url')
  try {
    fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 })
    return secret
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return fs.readFileSync(file, 'utf8').trim()
    throw error
  }
}
