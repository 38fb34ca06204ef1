// Access tokens: HS256 JWTs that live 15 minutes and name a server-side session (`sid`), which is
// checked on every request, so revoking the session ends the token at once.
// Refresh tokens: 256 random bits, handed out once and stored only as a SHA-256 hash.
import crypto from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import { AppError } from '../../http/errors.js'

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
const ISSUER = 'privacy-shop'

export interface AccessClaims {
  userId: number
  sessionId: string
}

export class AccessTokens {
  readonly #key: Uint8Array

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret)
  }

  sign(claims: AccessClaims, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000)
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.#key)
  }

  /** The claims of a valid token; 401 TOKEN_EXPIRED or TOKEN_INVALID otherwise. */
  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
      })
      const userId = Number(payload.sub)
      if (!Number.isSafeInteger(userId) || userId < 1 || typeof payload.sid !== 'string') {
        throw new AppError('TOKEN_INVALID')
      }
      return { userId, sessionId: payload.sid }
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED')
      throw new AppError('TOKEN_INVALID')
    }
  }
}

export function newRefreshToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}
