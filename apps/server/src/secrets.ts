// The access-token signing secret: JWT_SECRET when set (required when several processes share
// one PostgreSQL), otherwise generated once and kept, readable by the owner only, in DATA_DIR.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { AppConfig } from './config.js'

export function resolveJwtSecret(config: AppConfig): string {
  if (config.jwtSecret) return config.jwtSecret
  const file = path.join(config.dataDir, 'jwt-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  fs.mkdirSync(config.dataDir, { recursive: true })
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
