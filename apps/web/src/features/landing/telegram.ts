import type { PublicConfig, TelegramLoginBody } from '@shop/contract'

// The Telegram login by redirect: a plain link takes the visitor to Telegram's OAuth page, which
// sends them back to the shop with the signed login data. No Telegram script or frame is ever
// loaded into the shop (the Content-Security-Policy would block it, and it would leak visits).

const TELEGRAM_OAUTH = 'https://oauth.telegram.org'

type TelegramConfig = PublicConfig['telegram_login']

/**
 * Where the Telegram button links to, or null when Telegram login is off. With the bot's numeric
 * id the OAuth page itself is used (it returns `#tgAuthResult=`); with only the bot's username,
 * Telegram's login page for that bot (it returns the fields as query parameters).
 */
export function telegramLoginUrl(config: TelegramConfig, origin: string): string | null {
  if (!config.enabled) return null
  const returnTo = `${origin}/`
  if (config.bot_id !== null) {
    const params = new URLSearchParams({
      bot_id: String(config.bot_id),
      origin,
      return_to: returnTo,
      request_access: 'write',
    })
    return `${TELEGRAM_OAUTH}/auth?${params}`
  }
  const bot = config.bot_username?.replace(/^@/, '').trim()
  if (!bot) return null
  const params = new URLSearchParams({ origin, return_to: returnTo, request_access: 'write' })
  return `${TELEGRAM_OAUTH}/embed/${encodeURIComponent(bot)}?${params}`
}

const FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash']

function decodeBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

function asLoginBody(value: unknown): TelegramLoginBody | null {
  if (!value || typeof value !== 'object') return null
  const record = value as Record<string, unknown>
  const id = Number(record.id)
  const authDate = Number(record.auth_date)
  if (!Number.isSafeInteger(id) || id < 1 || !Number.isSafeInteger(authDate)) return null
  if (typeof record.first_name !== 'string' || typeof record.hash !== 'string') return null
  // Every field Telegram signed is sent back unchanged (the server checks them all).
  const body: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(record)) {
    if (key === 'id') body.id = id
    else if (key === 'auth_date') body.auth_date = authDate
    else if (typeof field === 'string' || typeof field === 'number') body[key] = field
  }
  return body as TelegramLoginBody
}

export interface TelegramReturn {
  body: TelegramLoginBody | null
  /** The same address without the login data, to replace the current history entry. */
  search: string
  hash: string
}

/**
 * Reads the login data Telegram appended on return: `#tgAuthResult=<base64url JSON>`, or the
 * fields as query parameters. Null when the address carries none. `body` is null when the data
 * is there but unreadable (it is removed from the address either way).
 */
export function readTelegramReturn(search: string, hash: string): TelegramReturn | null {
  const hashParams = new URLSearchParams(hash.replace(/^#/, ''))
  const encoded = hashParams.get('tgAuthResult')
  if (encoded !== null) {
    hashParams.delete('tgAuthResult')
    const rest = hashParams.toString()
    let body: TelegramLoginBody | null = null
    try {
      body = asLoginBody(JSON.parse(decodeBase64Url(encoded)))
    } catch {
      body = null
    }
    return { body, search, hash: rest ? `#${rest}` : '' }
  }

  const query = new URLSearchParams(search)
  if (query.has('hash') && query.has('id') && query.has('auth_date')) {
    const fields: Record<string, string> = {}
    for (const key of FIELDS) {
      const value = query.get(key)
      if (value !== null) fields[key] = value
      query.delete(key)
    }
    const rest = query.toString()
    return { body: asLoginBody(fields), search: rest ? `?${rest}` : '', hash }
  }
  return null
}
