// Server-side sessions with rotating refresh tokens (RFC 9700): every refresh hands out a new
// refresh token and retires the old one; presenting a retired token again, after a short grace
// period, is treated as theft and revokes the whole session.
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db, DbOrTx } from '../../db/client.js'
import { refreshTokens, sessions, users } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import type { AuthContext } from '../../http/route.js'
import { type AccessTokens, hashRefreshToken, newRefreshToken } from './tokens.js'

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000
/**
 * Two tabs may refresh with the same token at once; the second one within this window gets a
 * fresh token instead of being treated as a thief (and the first one's token is retired).
 */
export const REFRESH_GRACE_MS = 10_000

export interface IssuedTokens {
  access_token: string
  refresh_token: string
}

type RefreshOutcome =
  | { kind: 'issued'; userId: number; sessionId: string; refreshToken: string }
  | { kind: 'reused' }
  | { kind: 'unknown' }
  | { kind: 'dead' }

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
  ) {}

  /** Opens a session for a user who has just proved who they are. */
  async open(userId: number, tx: DbOrTx = this.db): Promise<IssuedTokens> {
    const refreshToken = newRefreshToken()
    const [session] = await tx
      .insert(sessions)
      .values({ userId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) })
      .returning({ id: sessions.id })
    if (!session) throw new Error('session insert returned nothing')
    await tx
      .insert(refreshTokens)
      .values({ tokenHash: hashRefreshToken(refreshToken), sessionId: session.id })
    return {
      access_token: await this.tokens.sign({ userId, sessionId: session.id }),
      refresh_token: refreshToken,
    }
  }

  /** Exchanges a refresh token for a new token pair. */
  async refresh(presented: string): Promise<IssuedTokens> {
    const tokenHash = hashRefreshToken(presented)
    const outcome = await this.db.transaction(async (tx): Promise<RefreshOutcome> => {
      const [row] = await tx
        .select({
          sessionId: sessions.id,
          userId: sessions.userId,
          revokedAt: sessions.revokedAt,
          expiresAt: sessions.expiresAt,
          rotatedAt: refreshTokens.rotatedAt,
          disabled: users.disabled,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        // Serialises concurrent refreshes of one session.
        .for('update', { of: sessions })
      if (!row) return { kind: 'unknown' }
      const now = new Date()
      if (row.revokedAt || row.expiresAt <= now || row.disabled) return { kind: 'dead' }
      if (row.rotatedAt && now.getTime() - row.rotatedAt.getTime() > REFRESH_GRACE_MS) {
        await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.sessionId))
        return { kind: 'reused' }
      }
      // Retire every live token of the session (the presented one, or within the grace period
      // the one a concurrent refresh just issued), so exactly one stays live.
      await tx
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.sessionId, row.sessionId), isNull(refreshTokens.rotatedAt)))
      const refreshToken = newRefreshToken()
      await tx
        .insert(refreshTokens)
        .values({ tokenHash: hashRefreshToken(refreshToken), sessionId: row.sessionId })
      await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId))
      return { kind: 'issued', userId: row.userId, sessionId: row.sessionId, refreshToken }
    })
    switch (outcome.kind) {
      case 'unknown':
        throw new AppError('TOKEN_INVALID')
      case 'dead':
      case 'reused':
        throw new AppError('SESSION_REVOKED')
      case 'issued':
        return {
          access_token: await this.tokens.sign({
            userId: outcome.userId,
            sessionId: outcome.sessionId,
          }),
          refresh_token: outcome.refreshToken,
        }
    }
  }

  /** Ends a session at once: its access and refresh tokens stop working. */
  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
  }

  /**
   * The caller of an authenticated route. 401 when the access token is missing, expired or
   * invalid (the client refreshes once); 403 when its session is revoked or the account is
   * disabled (the client signs out).
   */
  async authenticate(request: FastifyRequest): Promise<AuthContext> {
    const header = request.headers.authorization
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
    if (!match?.[1]) throw new AppError('AUTH_REQUIRED')
    const claims = await this.tokens.verify(match[1])
    const [row] = await this.db
      .select({
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        disabled: users.disabled,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId)))
    if (!row || row.revokedAt || row.expiresAt <= new Date()) {
      throw new AppError('SESSION_REVOKED')
    }
    if (row.disabled) throw new AppError('ACCOUNT_DISABLED')
    return { userId: claims.userId, sessionId: claims.sessionId }
  }
}
