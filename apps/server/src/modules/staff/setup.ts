// Setup links: the first owner's (printed at every start while no staff account is active, the
// same link until it is used or 24 hours old: decision 0038) and invitations (7 days). A link is random, single use and kept only as a hash. POST /setup sets
// the username, password and a new TOTP secret and answers the secret once with ten recovery
// codes; POST /setup/confirm proves the authenticator works, activates the account, uses up the
// link and signs the new staff member in.
import crypto from 'node:crypto'
import type { SetupInspectResponse, SetupResponse, StaffAuthResponse } from '@shop/contract'
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { staff, staffRecoveryCodes, staffSetupTokens } from '../../db/schema/staff.js'
import { AppError, unlessTaken } from '../../http/errors.js'
import type { SecretSeal } from '../../lib/sealed-secret.js'
import type { AuditLog } from '../audit/service.js'
import { hashPassword } from '../auth/passwords.js'
import {
  hashRecoveryCode,
  hashSetupToken,
  newRecoveryCode,
  newSetupToken,
  RECOVERY_CODE_COUNT,
} from './recovery-codes.js'
import type { StaffSessions } from './sessions.js'
import { acceptedStep, newTotpSecret, totpUri } from './totp.js'

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000
/** The first owner's link works this long (or until it is used), through any number of starts. */
export const OWNER_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000

type TokenRow = typeof staffSetupTokens.$inferSelect

/**
 * The line a start prints: a fixed phrase and the link, for the owner to read and for a script
 * to find (bench/ and e2e/ read the link from it).
 */
export function setupLinkLine(link: string): string {
  return `back office: create the owner account at ${link} (it works until it is used, for 24 hours)`
}

export class StaffSetup {
  constructor(
    private readonly db: Db,
    private readonly deps: { seal: SecretSeal; sessions: StaffSessions; audit: AuditLog },
    private readonly publicUrl: string,
    serverSecret: string,
  ) {
    this.#ownerLinkKey = Buffer.from(
      crypto.hkdfSync('sha256', serverSecret, 'privacy-shop', 'owner-setup-link', 32),
    )
  }

  readonly #ownerLinkKey: Buffer

  /** `<origin>/admin/setup?token=…`, on the public URL unless another origin is given. */
  linkFor(token: string, origin = this.publicUrl): string {
    return `${origin}/admin/setup?token=${token}`
  }

  /**
   * The first owner's token, made again from when its link was made: only its hash is stored,
   * yet a restart prints the same link (the key comes from the server secret).
   */
  #ownerToken(createdAt: Date): string {
    return crypto
      .createHmac('sha256', this.#ownerLinkKey)
      .update(`owner-setup:${createdAt.toISOString()}`)
      .digest('base64url')
  }

  /** The owner's link still unused and younger than a day, when its token can be made again. */
  async #keptOwnerToken(tx: Tx): Promise<string | null> {
    const rows = await tx
      .select()
      .from(staffSetupTokens)
      .where(
        and(
          isNull(staffSetupTokens.expiresAt),
          isNull(staffSetupTokens.usedAt),
          gt(staffSetupTokens.createdAt, new Date(Date.now() - OWNER_LINK_LIFETIME_MS)),
        ),
      )
    for (const row of rows) {
      const token = this.#ownerToken(row.createdAt)
      if (hashSetupToken(token) === row.tokenHash) return token
    }
    return null
  }

  /**
   * While no staff account is active, the link for the first owner: the last one while it is
   * unused and younger than OWNER_LINK_LIFETIME_MS, else a new one (earlier links and
   * half-finished accounts are dropped then); null once the shop has an active account.
   */
  async ownerLinkIfNoStaff(origin = this.publicUrl): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      // One start at a time decides (several processes may start together on PostgreSQL).
      await tx.execute(sql`select pg_advisory_xact_lock(727003)`)
      if (await this.#anyActive(tx)) return null
      const kept = await this.#keptOwnerToken(tx)
      if (kept) return this.linkFor(kept, origin)
      await tx.delete(staffSetupTokens)
      await tx.delete(staff).where(isNull(staff.activatedAt))
      // Milliseconds, as JavaScript reads the column back: the token is made again from it.
      const createdAt = new Date()
      const token = this.#ownerToken(createdAt)
      await tx
        .insert(staffSetupTokens)
        .values({ tokenHash: hashSetupToken(token), role: 'owner', createdAt })
      return this.linkFor(token, origin)
    })
  }

  /** A new invitation link for an account (the staff service creates the account). */
  async invite(tx: Tx, staffId: number, role: 'owner' | 'support'): Promise<string> {
    await tx.delete(staffSetupTokens).where(eq(staffSetupTokens.staffId, staffId))
    const token = newSetupToken()
    await tx.insert(staffSetupTokens).values({
      tokenHash: hashSetupToken(token),
      staffId,
      role,
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
    })
    return this.linkFor(token)
  }

  async inspect(token: string): Promise<SetupInspectResponse> {
    const row = await this.#usable(this.db, token)
    const invited = await this.#invitedAccount(this.db, row)
    return invited
      ? { kind: 'invitation', username: invited.username, role: row.role }
      : { kind: 'owner', username: null, role: 'owner' }
  }

  async setup(token: string, username: string, password: string): Promise<SetupResponse> {
    const passwordHash = await hashPassword(password)
    const secret = newTotpSecret()
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
    await unlessTaken('NAME_TAKEN', () =>
      this.db.transaction(async (tx) => {
        const row = await this.#usable(tx, token, true)
        const invited = await this.#invitedAccount(tx, row)
        if (invited && invited.username.toLowerCase() !== username.toLowerCase()) {
          throw new AppError('VALIDATION_ERROR', 'body.username must be the invited username')
        }
        const values = { passwordHash, totpSecret: this.deps.seal.seal(secret), totpLastStep: null }
        let staffId = row.staffId
        if (staffId === null) {
          const [created] = await tx
            .insert(staff)
            .values({ username, role: row.role, ...values })
            .returning({ id: staff.id })
          staffId = created?.id ?? null
          if (staffId === null) throw new Error('staff insert returned nothing')
          await tx
            .update(staffSetupTokens)
            .set({ staffId })
            .where(eq(staffSetupTokens.tokenHash, row.tokenHash))
        } else {
          await tx
            .update(staff)
            .set({ ...(invited ? {} : { username }), ...values })
            .where(eq(staff.id, staffId))
        }
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId))
        await tx
          .insert(staffRecoveryCodes)
          .values(codes.map((code) => ({ staffId, codeHash: hashRecoveryCode(code) })))
      }),
    )
    return { otpauth_uri: totpUri(secret, username), recovery_codes: codes }
  }

  async confirm(token: string, code: string): Promise<StaffAuthResponse> {
    return this.db.transaction(async (tx) => {
      const row = await this.#usable(tx, token, true)
      const [account] = row.staffId
        ? await tx.select().from(staff).where(eq(staff.id, row.staffId)).for('update')
        : []
      if (!account?.totpSecret) throw new AppError('SETUP_TOKEN_INVALID')
      const secret = this.deps.seal.openOrNull(account.totpSecret)
      if (secret === null) throw new AppError('SETUP_TOKEN_INVALID')
      const step = acceptedStep(secret, code, account.totpLastStep)
      if (step === null) throw new AppError('INVALID_CREDENTIALS')
      const now = new Date()
      await tx
        .update(staff)
        .set({ totpLastStep: step, activatedAt: now, lastSignInAt: now })
        .where(eq(staff.id, account.id))
      await tx
        .update(staffSetupTokens)
        .set({ usedAt: now })
        .where(eq(staffSetupTokens.tokenHash, row.tokenHash))
      await this.deps.audit.record(tx, {
        staffId: account.id,
        action: 'staff.activate',
        entity: 'staff',
        entityId: account.id,
        summary: `${account.username} (${account.role}) completed setup`,
        params: { username: account.username, role: account.role },
      })
      const tokens = await this.deps.sessions.open(account.id, tx)
      return {
        ...tokens,
        staff: { id: account.id, username: account.username, role: account.role },
      }
    })
  }

  async #anyActive(tx: Db | Tx): Promise<boolean> {
    const [row] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(isNotNull(staff.activatedAt))
      .limit(1)
    return row !== undefined
  }

  /** The link's row when it is unused and unexpired; 404 SETUP_TOKEN_INVALID otherwise. */
  async #usable(tx: Db | Tx, token: string, lock = false): Promise<TokenRow> {
    const query = tx
      .select()
      .from(staffSetupTokens)
      .where(
        and(eq(staffSetupTokens.tokenHash, hashSetupToken(token)), isNull(staffSetupTokens.usedAt)),
      )
    const [row] = lock ? await query.for('update') : await query
    const ownerLinkEnd = row && new Date(row.createdAt.getTime() + OWNER_LINK_LIFETIME_MS)
    const ends = row?.expiresAt ?? ownerLinkEnd
    if (!row || !ends || ends <= new Date()) throw new AppError('SETUP_TOKEN_INVALID')
    // The first owner's link is void once an account is active (a second start made a new one).
    if (row.staffId === null && (await this.#anyActive(tx)))
      throw new AppError('SETUP_TOKEN_INVALID')
    return row
  }

  /** The account an invitation was made for; null for the first owner's link. */
  async #invitedAccount(tx: Db | Tx, row: TokenRow) {
    if (row.staffId === null || row.expiresAt === null) return null
    const [account] = await tx.select().from(staff).where(eq(staff.id, row.staffId))
    return account ?? null
  }
}
