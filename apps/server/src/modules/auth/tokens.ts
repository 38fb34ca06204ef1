// Access tokens: HS256 JWTs that live 15 minutes and name a server-side session (`sid`), which is
// checked on every request, so revoking the session ends the token at once.
// Refresh tokens: 256 random bits, handed out once and stored only as a SHA-256 hash.
import crypto from 'node:crypto'
import { MAX_ID } from '@shop/contract'
import { errors, jwtVerify, SignJWT } from 'jose'
import { AppError } from '../../http/errors.js'

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
const ISSUER = 'privacy-shop'

export interface AccessClaims {
  userId: number
  sessionId: string
}

/** Session ids are UUIDs (ids are the contract's, at most MAX_ID). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** How many verified tokens are remembered (a few hundred bytes each). */
const VERIFIED_CACHE_SIZE = 10_000

export class AccessTokens {
  /**
   * The HMAC key, imported into WebCrypto once: given the raw bytes, jose imports them again on
   * every sign and verify, which doubles the cost of each.
   */
  readonly #key: Promise<crypto.webcrypto.CryptoKey>
  /**
   * Tokens whose signature and claims were already checked, until they expire: an HMAC check
   * through jose costs more than the rest of a cached catalogue request, and a token string
   * that verified once stays valid (it cannot be revoked; its session can) until `exp`.
   */
  readonly #verified = new Map<string, { claims: AccessClaims; exp: number }>()
  /** Key of `successorOf`, derived from the secret apart from the signing key. */
  readonly #successorKey: Buffer

  /**
   * `audience`: whose tokens these are. Customers' (`shop`) and staff's (`back-office`) are
   * signed with the same secret but never accepted in each other's place.
   */
  constructor(
    secret: string,
    private readonly audience: 'shop' | 'back-office' = 'shop',
  ) {
    this.#key = crypto.webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
    this.#successorKey = Buffer.from(
      crypto.hkdfSync('sha256', secret, 'privacy-shop', `refresh-successor:${audience}`, 32),
    )
  }

  /**
   * The refresh token that follows `presented`: a keyed hash of it, so that every refresh of one
   * token within the grace period hands out the same successor (not one per request) without
   * the server keeping any token in the clear.
   */
  successorOf(presented: string): string {
    return crypto.createHmac('sha256', this.#successorKey).update(presented).digest('base64url')
  }

  async sign(claims: AccessClaims, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000)
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(this.audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await this.#key)
  }

  /** The claims of a token that already verified and has not expired since; else null. */
  verified(token: string): AccessClaims | null {
    return this.verifiedUntil(token)?.claims ?? null
  }

  /** `verified`, with the token's `exp` (seconds): it stays valid while `exp > now`. */
  verifiedUntil(token: string): { claims: AccessClaims; exp: number } | null {
    const known = this.#verified.get(token)
    if (!known) return null
    // jose's own rule: expired when exp <= now, in whole seconds.
    if (known.exp > Math.floor(Date.now() / 1000)) return known
    this.#verified.delete(token)
    return null
  }

  /** The claims of a valid token; 401 TOKEN_EXPIRED or TOKEN_INVALID otherwise. */
  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified(token)
    if (known) return known
    try {
      // Every claim this server puts in a token must be there and sane, even when the signature
      // is good: a token without `exp` never expires, and a `sid` that is not a UUID would reach
      // the database as one (an outside review found both).
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: this.audience,
        requiredClaims: ['sub', 'sid', 'iat', 'exp'],
        maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
      })
      const userId = Number(payload.sub)
      const { sid, exp, iat } = payload
      if (
        !/^[1-9][0-9]{0,9}$/.test(String(payload.sub)) ||
        userId > MAX_ID ||
        typeof sid !== 'string' ||
        !UUID.test(sid) ||
        typeof exp !== 'number' ||
        typeof iat !== 'number' ||
        exp - iat > ACCESS_TOKEN_TTL_SECONDS
      ) {
        throw new AppError('TOKEN_INVALID')
      }
      const claims = { userId, sessionId: sid }
      if (this.#verified.size >= VERIFIED_CACHE_SIZE) this.#verified.clear()
      this.#verified.set(token, { claims, exp })
      return claims
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
