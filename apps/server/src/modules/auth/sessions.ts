// Server-side sessions with rotating refresh tokens (RFC 9700): every refresh hands out a new
// refresh token and retires the old one; presenting a retired token again, after a short grace
// period, is treated as theft and revokes the whole session.
import { and, type Column, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { type Db, type DbOrTx, subquery, type Tx } from '../../db/client.js'
import { refreshTokens, sessions } from '../../db/schema/auth.js'
import { SESSION_ACCESS, type TableVersions } from '../../db/table-versions.js'
import { AppError } from '../../http/errors.js'
import type { AuthContext } from '../../http/route.js'
import { ReadCache, type Settling } from '../../lib/read-cache.js'
import { accountDisabled, lockEnabledAccount } from '../users/service.js'
import {
  type AccessClaims,
  type AccessTokens,
  hashRefreshToken,
  newRefreshToken,
} from './tokens.js'

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000
/**
 * Two tabs may refresh with the same token at once; within this window the second one gets the
 * same successor pair as the first (not a pair of its own), instead of being treated as a thief.
 */
export const REFRESH_GRACE_MS = 10_000
/** Live sessions one account may hold; a new sign-in beyond it ends the oldest. */
export const MAX_LIVE_SESSIONS = 20

export interface IssuedTokens {
  access_token: string
  refresh_token: string
}

type RefreshOutcome =
  | { kind: 'issued'; userId: number; sessionId: string; refreshToken: string; at: Date }
  | { kind: 'reused' }
  | { kind: 'unknown' }
  | { kind: 'dead' }
  | { kind: 'disabled' }

type SessionRow = { userId: number; revokedAt: Date | null; expiresAt: Date; disabled: boolean }

/** The session rows kept at most; a row (its key, four fields and two dates) weighs about 300 bytes. */
const SESSION_ROWS = { maxEntries: 10_000, maxBytes: 4 * 1024 * 1024, sizeOf: () => 300 }

export class SessionService {
  /**
   * Every authenticated request checks its session; on PGlite that lookup cost more than the
   * whole rest of a catalogue request. The rows are kept in memory until what they hold may have
   * changed (SESSION_ACCESS: a session added, revoked or deleted, an account disabled or deleted,
   * by any process or by hand), so a revoked session still answers 403 at once, while a refresh
   * or a checkout, which write other columns, keep them. Expiry is checked on every request
   * against the clock.
   */
  readonly #rows: ReadCache<SessionRow | null>

  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
    tables: TableVersions | null = null,
  ) {
    this.#rows = new ReadCache(tables, [SESSION_ACCESS], SESSION_ROWS)
  }

  /**
   * Opens a session for a user who has just proved who they are; 403 ACCOUNT_DISABLED for a
   * disabled account. The account's row is share-locked until the session is written, so a
   * disable running at the same time either comes first (and this refuses) or waits and then
   * revokes this session with the others: no session outlives a disable.
   */
  async open(userId: number, tx?: Tx): Promise<IssuedTokens> {
    if (!tx) return this.db.transaction((inner) => this.open(userId, inner))
    if (!(await lockEnabledAccount(tx, userId))) throw new AppError('ACCOUNT_DISABLED')
    const refreshToken = newRefreshToken()
    const [session] = await tx
      .insert(sessions)
      .values({ userId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) })
      .returning({ id: sessions.id })
    if (!session) throw new Error('session insert returned nothing')
    await tx
      .insert(refreshTokens)
      .values({ tokenHash: hashRefreshToken(refreshToken), sessionId: session.id })
    await this.#endOldestBeyondLimit(tx, userId)
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
          disabled: accountDisabled(sessions.userId),
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        // Serialises concurrent refreshes of one session. Both rows are locked so that a refresh
        // that waited reads the token as the one before it left it (rotated), on PostgreSQL too.
        .for('update', { of: [sessions, refreshTokens] })
      if (!row) return { kind: 'unknown' }
      const now = new Date()
      if (row.disabled) return { kind: 'disabled' }
      if (row.revokedAt || row.expiresAt <= now) return { kind: 'dead' }
      const refreshToken = this.tokens.successorOf(presented)
      if (row.rotatedAt) {
        if (now.getTime() - row.rotatedAt.getTime() > REFRESH_GRACE_MS) {
          await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.sessionId))
          return { kind: 'reused' }
        }
        // A second refresh with the same token (another tab) inside the grace period: the same
        // pair the first one got, the access token signed at the same second.
        const at = row.rotatedAt
        return { kind: 'issued', userId: row.userId, sessionId: row.sessionId, refreshToken, at }
      }
      await tx
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(eq(refreshTokens.tokenHash, tokenHash))
      await tx
        .insert(refreshTokens)
        .values({ tokenHash: hashRefreshToken(refreshToken), sessionId: row.sessionId })
        .onConflictDoNothing()
      await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId))
      return { kind: 'issued', userId: row.userId, sessionId: row.sessionId, refreshToken, at: now }
    })
    switch (outcome.kind) {
      case 'unknown':
        throw new AppError('TOKEN_INVALID')
      case 'dead':
      case 'reused':
        throw new AppError('SESSION_REVOKED')
      case 'disabled':
        throw new AppError('ACCOUNT_DISABLED')
      case 'issued':
        return {
          access_token: await this.tokens.sign(
            { userId: outcome.userId, sessionId: outcome.sessionId },
            outcome.at.getTime(),
          ),
          refresh_token: outcome.refreshToken,
        }
    }
  }

  /**
   * The caller holding `secret`, a refresh token kept as it was handed out (the basic shop's
   * session cookie, decision 0049): the same rules as a bearer token's session (revoked,
   * expired or disabled: refused), read from the database on every page, and null when it
   * refuses, so the page signs the visitor out. A secret the API has since rotated is no longer
   * a session's current token and is refused too.
   */
  async authenticateSecret(secret: string): Promise<AuthContext | null> {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        disabled: accountDisabled(sessions.userId),
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(
        and(eq(refreshTokens.tokenHash, hashRefreshToken(secret)), isNull(refreshTokens.rotatedAt)),
      )
    if (!row) return null
    const claims = { userId: row.userId, sessionId: row.sessionId }
    return refusalOf(claims, row) ? null : claims
  }

  /** Ends the account's oldest live sessions beyond MAX_LIVE_SESSIONS (in the caller's tx). */
  async #endOldestBeyondLimit(tx: Tx, userId: number): Promise<void> {
    const live = and(
      eq(sessions.userId, userId),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql`now()`),
    )
    const oldest = tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(live)
      .orderBy(sql`${sessions.createdAt} desc`, sql`${sessions.id} desc`)
      .offset(MAX_LIVE_SESSIONS)
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(live, inArray(sessions.id, oldest)))
  }

  /** Ends a session at once: its access and refresh tokens stop working. */
  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
  }

  /**
   * Ends every session of a user at once, in the caller's transaction (a disabled account): the
   * check of every request reads the session row, so this holds in every server process.
   */
  async revokeAllOf(tx: DbOrTx, userId: number): Promise<number> {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id })
    return revoked.length
  }

  /** Ends every session of a user but `keep` (a changed password), in the caller's transaction. */
  async revokeOthers(tx: Tx, userId: number, keep: string): Promise<number> {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keep)))
      .returning({ id: sessions.id })
    return revoked.length
  }

  /** For another module's statement: the live sessions (not revoked, not expired) of `userId`. */
  liveSessionCount(userId: Column | SQL): SQL<number> {
    const live = and(
      eq(sessions.userId, userId),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql`now()`),
    )
    return subquery(sql`select count(*) from ${sessions} where ${live}`).mapWith(Number)
  }

  /**
   * The caller of an authenticated route. 401 when the access token is missing, expired or
   * invalid (the client refreshes once); 403 when its session is revoked or the account is
   * disabled (the client signs out). Answers at once, without a promise, when both the token
   * and its session row are cached: the common case, and one a hot route pays on every request.
   */
  authenticate(request: Pick<FastifyRequest, 'headers'>): AuthContext | Promise<AuthContext> {
    const token = bearerToken(request.headers.authorization)
    if (!token) throw new AppError('AUTH_REQUIRED')
    const claims = this.tokens.verified(token)
    const row = claims ? this.#rows.peek(claims.sessionId) : undefined
    if (claims && row !== undefined) return checkSession(claims, row)
    return this.#authenticate(token)
  }

  /**
   * For the answer cache: the claims of an access token that verified before and has not
   * expired (`exp` in seconds), known at once; null otherwise (the route then answers).
   */
  knownToken(authorization: string | undefined): { claims: AccessClaims; exp: number } | null {
    const token = bearerToken(authorization)
    return token ? this.tokens.verifiedUntil(token) : null
  }

  /**
   * For the answer cache: whether the cached session row of `claims` lets them in, as
   * `authenticate` would decide without the database (on PostgreSQL once settled, decision
   * 0023); false when the row is not cached or refuses them, and the route then answers.
   */
  cachedSessionLetsIn(claims: AccessClaims): Settling<boolean> {
    const row = this.#rows.current(claims.sessionId)
    return row instanceof Promise ? row.then((r) => letsIn(claims, r)) : letsIn(claims, row)
  }

  async #authenticate(token: string): Promise<AuthContext> {
    const claims = await this.tokens.verify(token)
    const row = await this.#rows.get(claims.sessionId, async () => {
      const [found] = await this.db
        .select({
          userId: sessions.userId,
          revokedAt: sessions.revokedAt,
          expiresAt: sessions.expiresAt,
          disabled: accountDisabled(sessions.userId),
        })
        .from(sessions)
        .where(eq(sessions.id, claims.sessionId))
      return found ?? null
    })
    return checkSession(claims, row)
  }
}

/** Whether the cached session `row` (undefined: not cached) lets the caller of `claims` in. */
function letsIn(claims: AccessClaims, row: SessionRow | null | undefined): boolean {
  return row !== undefined && refusalOf(claims, row) === null
}

function bearerToken(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined
}

/**
 * 403 unless the session is the token's, live, and its account enabled. A disabled account says
 * so even though disabling also revoked its sessions.
 */
function checkSession(claims: AccessClaims, row: SessionRow | null): AuthContext {
  const refusal = refusalOf(claims, row)
  if (refusal) throw new AppError(refusal)
  return { userId: claims.userId, sessionId: claims.sessionId }
}

/** Why the session `row` refuses the caller of `claims`, or null when it lets them in. */
function refusalOf(
  claims: AccessClaims,
  row: SessionRow | null,
): 'SESSION_REVOKED' | 'ACCOUNT_DISABLED' | null {
  if (!row || row.userId !== claims.userId) return 'SESSION_REVOKED'
  if (row.disabled) return 'ACCOUNT_DISABLED'
  if (row.revokedAt || row.expiresAt.getTime() <= Date.now()) return 'SESSION_REVOKED'
  return null
}
