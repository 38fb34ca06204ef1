// Staff sessions: a 15-minute access token of the back office's audience naming a session that
// is checked on every request, and a rotating refresh token with reuse detection, as for
// customers (auth/sessions.ts); a staff session ends 12 hours after sign-in whatever happens,
// and disabling an account ends its sessions at once (the account is read on every request).
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db, DbOrTx } from '../../db/client.js'
import { staff, staffRefreshTokens, staffSessions } from '../../db/schema/staff.js'
import { AppError } from '../../http/errors.js'
import type { StaffAuthContext } from '../../http/route.js'
import { type AccessTokens, hashRefreshToken, newRefreshToken } from '../auth/tokens.js'

export const STAFF_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000
/** Two tabs refreshing with one token at once: the second gets a token, not a revocation. */
const REFRESH_GRACE_MS = 10_000

export interface StaffTokens {
  access_token: string
  refresh_token: string
}

export class StaffSessions {
  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
  ) {}

  async open(staffId: number, tx: DbOrTx = this.db): Promise<StaffTokens> {
    const refreshToken = newRefreshToken()
    const [session] = await tx
      .insert(staffSessions)
      .values({ staffId, expiresAt: new Date(Date.now() + STAFF_SESSION_LIFETIME_MS) })
      .returning({ id: staffSessions.id })
    if (!session) throw new Error('staff session insert returned nothing')
    await tx
      .insert(staffRefreshTokens)
      .values({ tokenHash: hashRefreshToken(refreshToken), sessionId: session.id })
    return {
      access_token: await this.tokens.sign({ userId: staffId, sessionId: session.id }),
      refresh_token: refreshToken,
    }
  }

  async refresh(presented: string): Promise<StaffTokens> {
    const tokenHash = hashRefreshToken(presented)
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          sessionId: staffSessions.id,
          staffId: staffSessions.staffId,
          revokedAt: staffSessions.revokedAt,
          expiresAt: staffSessions.expiresAt,
          rotatedAt: staffRefreshTokens.rotatedAt,
          disabled: staff.disabled,
        })
        .from(staffRefreshTokens)
        .innerJoin(staffSessions, eq(staffSessions.id, staffRefreshTokens.sessionId))
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(eq(staffRefreshTokens.tokenHash, tokenHash))
        .for('update', { of: [staffSessions, staffRefreshTokens] })
      if (!row) return { kind: 'unknown' as const }
      const now = new Date()
      if (row.revokedAt || row.expiresAt <= now || row.disabled) return { kind: 'dead' as const }
      const refreshToken = this.tokens.successorOf(presented)
      if (row.rotatedAt) {
        if (now.getTime() - row.rotatedAt.getTime() > REFRESH_GRACE_MS) {
          // A token exchanged before comes back: someone has a copy. The session ends.
          await tx
            .update(staffSessions)
            .set({ revokedAt: now })
            .where(eq(staffSessions.id, row.sessionId))
          return { kind: 'dead' as const }
        }
        // Another tab within the grace period: the same pair the first refresh got.
        return { kind: 'issued' as const, ...row, refreshToken, at: row.rotatedAt }
      }
      await tx
        .update(staffRefreshTokens)
        .set({ rotatedAt: now })
        .where(eq(staffRefreshTokens.tokenHash, tokenHash))
      await tx
        .insert(staffRefreshTokens)
        .values({ tokenHash: hashRefreshToken(refreshToken), sessionId: row.sessionId })
        .onConflictDoNothing()
      await tx
        .update(staffSessions)
        .set({ lastUsedAt: now })
        .where(eq(staffSessions.id, row.sessionId))
      return { kind: 'issued' as const, ...row, refreshToken, at: now }
    })
    if (outcome.kind === 'unknown') throw new AppError('TOKEN_INVALID')
    if (outcome.kind === 'dead') throw new AppError('SESSION_REVOKED')
    return {
      access_token: await this.tokens.sign(
        { userId: outcome.staffId, sessionId: outcome.sessionId },
        outcome.at.getTime(),
      ),
      refresh_token: outcome.refreshToken,
    }
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(staffSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)))
  }

  /** Ends every session of an account (disabled, or its role changed). */
  async revokeAll(staffId: number, tx: DbOrTx = this.db): Promise<void> {
    await tx
      .update(staffSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
  }

  /** 401 for a missing, expired or foreign token; 403 for an ended session or account. */
  async authenticate(request: FastifyRequest): Promise<StaffAuthContext> {
    const header = request.headers.authorization
    const token = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined
    if (!token) throw new AppError('AUTH_REQUIRED')
    const claims = await this.tokens.verify(token)
    const [row] = await this.db
      .select({
        staffId: staffSessions.staffId,
        revokedAt: staffSessions.revokedAt,
        expiresAt: staffSessions.expiresAt,
        disabled: staff.disabled,
        role: staff.role,
      })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(eq(staffSessions.id, claims.sessionId))
    if (!row || row.staffId !== claims.userId) throw new AppError('TOKEN_INVALID')
    if (row.revokedAt || row.expiresAt <= new Date() || row.disabled) {
      throw new AppError('SESSION_REVOKED')
    }
    return { staffId: row.staffId, sessionId: claims.sessionId, role: row.role }
  }
}
