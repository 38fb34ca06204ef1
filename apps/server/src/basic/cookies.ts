// The basic shop's cookies. The session cookie holds the session's refresh token as it was handed
// out (an opaque 256-bit secret, never rotated: decision 0049), HttpOnly so no script could read
// it, SameSite=Strict so no other site's request carries it, Path=/ and no Domain. Over https it
// is Secure and takes the __Host- prefix, which the browser then enforces.
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_LIFETIME_MS } from '../modules/auth/sessions.js'

export interface CookieNames {
  session: string
  /** Before sign-in: the secret the login and sign-up forms' CSRF token is bound to. */
  preSession: string
  language: string
}

export function cookieNames(secure: boolean): CookieNames {
  const prefix = secure ? '__Host-' : ''
  return {
    session: `${prefix}shop_session`,
    preSession: `${prefix}shop_presession`,
    language: `${prefix}shop_lang`,
  }
}

const YEAR_SECONDS = 365 * 24 * 60 * 60

export class BasicCookies {
  readonly names: CookieNames
  readonly #base: CookieSerializeOptions

  constructor(readonly secure: boolean) {
    this.names = cookieNames(secure)
    this.#base = { httpOnly: true, sameSite: 'strict', path: '/', secure }
  }

  read(request: FastifyRequest, name: keyof CookieNames): string | undefined {
    const value = request.cookies[this.names[name]]
    return value && value.length <= 200 ? value : undefined
  }

  setSession(reply: FastifyReply, secret: string): void {
    reply.setCookie(this.names.session, secret, {
      ...this.#base,
      maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
    })
  }

  /** Lives only as long as the browser: it guards one sign-in, nothing else. */
  setPreSession(reply: FastifyReply, secret: string): void {
    reply.setCookie(this.names.preSession, secret, this.#base)
  }

  setLanguage(reply: FastifyReply, lang: string): void {
    reply.setCookie(this.names.language, lang, { ...this.#base, maxAge: YEAR_SECONDS })
  }

  clear(reply: FastifyReply, name: keyof CookieNames): void {
    reply.clearCookie(this.names[name], this.#base)
  }
}
