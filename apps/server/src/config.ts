// Configuration comes from the environment only. Every value has a safe default for a local
// start, and a wrong value stops the server at once with a message that names the variable.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
]

export interface AppConfig {
  port: number
  host: string
  /** Folder of the embedded database and of generated secrets. */
  dataDir: string
  /** PostgreSQL connection string; when null the embedded PGlite in dataDir is used. */
  databaseUrl: string | null
  seedDemo: boolean
  /** Secret that signs access tokens; null means "generate one and keep it in dataDir". */
  jwtSecret: string | null
  logLevel: LogLevel
  /** Built web app served for every non-/api path; null disables serving it. */
  webDistDir: string | null
  telegramBotToken: string | null
  telegramBotUsername: string | null
  redisUrl: string | null
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const here = path.dirname(fileURLToPath(import.meta.url))
/** apps/web/dist, seen from apps/server/src or apps/server/dist. */
export const DEFAULT_WEB_DIST_DIR = path.resolve(here, '../../web/dist')

type Env = Record<string, string | undefined>

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim()
  return value ? value : null
}

function integerInRange(env: Env, name: string, fallback: number, min: number, max: number) {
  const raw = text(env, name)
  if (raw === null) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase()
  if (raw === undefined || raw === null) return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`)
}

function postgresUrl(env: Env, name: string): string | null {
  const raw = text(env, name)
  if (raw === null) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`${name} is not a valid URL`)
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`${name} must start with postgres:// or postgresql://`)
  }
  return raw
}

export function loadConfig(env: Env = process.env): AppConfig {
  const logLevel = (text(env, 'LOG_LEVEL') ?? 'info') as LogLevel
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`)
  }
  const jwtSecret = text(env, 'JWT_SECRET')
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long')
  }
  const botToken = text(env, 'TELEGRAM_BOT_TOKEN')
  if (botToken !== null && !/^\d+:[\w-]{20,}$/.test(botToken)) {
    throw new ConfigError('TELEGRAM_BOT_TOKEN does not look like a bot token (<id>:<secret>)')
  }
  const webDist = text(env, 'WEB_DIST_DIR')
  return {
    port: integerInRange(env, 'PORT', 8080, 0, 65535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir: path.resolve(text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: postgresUrl(env, 'DATABASE_URL'),
    seedDemo: flag(env, 'SEED_DEMO', true),
    jwtSecret,
    logLevel,
    webDistDir: webDist === 'off' ? null : path.resolve(webDist ?? DEFAULT_WEB_DIST_DIR),
    telegramBotToken: botToken,
    telegramBotUsername: text(env, 'TELEGRAM_BOT_USERNAME'),
    redisUrl: text(env, 'REDIS_URL'),
  }
}
