// Staff accounts: sign-in with password and a second factor (TOTP or a recovery code), and the
// owner's management of the team (invite, change role, disable). A wrong username, password or
// code all answer the same 401 INVALID_CREDENTIALS. Past five failures per username in a quarter
// hour an attempt must carry a solved proof of work (the customers' login challenge), else 429
// CHALLENGE_REQUIRED: guessing gets slow, and the rightful owner is never locked out. Failed
// sign-ins per client are held by the route (AuthRateLimits.guardStaffLogin).
import type {
  CreateStaffResponse,
  Staff,
  StaffAuthResponse,
  StaffMember,
  StaffRole,
} from '@shop/contract'
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { staff, staffRecoveryCodes } from '../../db/schema/staff.js'
import { AppError, unlessTaken } from '../../http/errors.js'
import type { CounterStore, LimitRule } from '../../http/rate-limit.js'
import type { SecretSeal } from '../../lib/sealed-secret.js'
import { type AuditLog, changes } from '../audit/service.js'
import { verifyPassword } from '../auth/passwords.js'
import { usernameKey } from '../auth/rate-limits.js'
import { hashRecoveryCode } from './recovery-codes.js'
import type { StaffSessions } from './sessions.js'
import type { StaffSetup } from './setup.js'
import { acceptedStep } from './totp.js'

export const STAFF_LOGIN_LIMIT: LimitRule = { max: 5, windowMs: 15 * 60 * 1000 }

type StaffRow = typeof staff.$inferSelect

function member(row: StaffRow): StaffMember {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled,
    activated: row.activatedAt !== null,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  }
}

export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      seal: SecretSeal
      sessions: StaffSessions
      setup: StaffSetup
      audit: AuditLog
      counters: CounterStore
    },
    private readonly limit: LimitRule = STAFF_LOGIN_LIMIT,
  ) {}

  /**
   * Every attempt is counted before it runs (parallel guesses cannot slip past the limit
   * together); only a wrong guess stays counted. Past the limit an attempt is checked only when
   * `proven` (a solved, unused proof of work, see auth/login-challenge.ts) says yes; otherwise it
   * is refused with 429 CHALLENGE_REQUIRED without looking at the password, and is no guess.
   */
  async login(
    username: string,
    password: string,
    code: string,
    proven: () => Promise<boolean> = async () => false,
  ): Promise<StaffAuthResponse> {
    const key = `staff-login:${usernameKey(username)}`
    const failures = await this.deps.counters.increment(key, this.limit.windowMs)
    if (failures.count > this.limit.max && !(await proven())) {
      await this.deps.counters.decrement(key)
      throw new AppError('CHALLENGE_REQUIRED')
    }
    const [row] = await this.db
      .select()
      .from(staff)
      .where(sql`lower(${staff.username}) = ${username.toLowerCase()}`)
    // The password is checked even for an unknown name (a dummy hash): the same time either way.
    const passwordOk = await verifyPassword(row?.passwordHash ?? null, password)
    if (!row || !passwordOk || row.disabled || !row.activatedAt || !row.totpSecret) {
      throw new AppError('INVALID_CREDENTIALS')
    }
    if (!(await this.#secondFactor(row, code))) throw new AppError('INVALID_CREDENTIALS')
    await this.deps.counters.decrement(key)
    const tokens = await this.db.transaction(async (tx) => {
      await tx.update(staff).set({ lastSignInAt: new Date() }).where(eq(staff.id, row.id))
      return this.deps.sessions.open(row.id, tx)
    })
    return { ...tokens, staff: { id: row.id, username: row.username, role: row.role } }
  }

  /** A TOTP code of a step after the last one used, or an unused recovery code; used up here. */
  async #secondFactor(row: StaffRow, code: string): Promise<boolean> {
    const secret = row.totpSecret ? this.deps.seal.openOrNull(row.totpSecret) : null
    const step = secret ? acceptedStep(secret, code, row.totpLastStep) : null
    if (step !== null) {
      // Conditional: two sign-ins racing with one code, only one moves the step forward.
      const moved = await this.db
        .update(staff)
        .set({ totpLastStep: step })
        .where(
          and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))),
        )
        .returning({ id: staff.id })
      return moved.length === 1
    }
    const used = await this.db
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, row.id),
          eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id })
    return used.length === 1
  }

  async me(staffId: number): Promise<Staff> {
    const row = await this.#get(staffId)
    return { id: row.id, username: row.username, role: row.role }
  }

  async list(): Promise<StaffMember[]> {
    const rows = await this.db.select().from(staff).orderBy(asc(staff.createdAt), asc(staff.id))
    return rows.map(member)
  }

  /** Usernames by id, for the audit log. */
  async usernames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map()
    const rows = await this.db
      .select({ id: staff.id, username: staff.username })
      .from(staff)
      .where(inArray(staff.id, [...ids]))
    return new Map(rows.map((row) => [row.id, row.username]))
  }

  async invite(by: number, username: string, role: StaffRole): Promise<CreateStaffResponse> {
    return unlessTaken('NAME_TAKEN', () =>
      this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(staff)
          .values({ username, role })
          .returning({ id: staff.id })
        if (!created) throw new Error('staff insert returned nothing')
        const inviteUrl = await this.deps.setup.invite(tx, created.id, role)
        await this.deps.audit.record(tx, {
          staffId: by,
          action: 'staff.invite',
          entity: 'staff',
          entityId: created.id,
          summary: `invited ${username} as ${role}`,
          params: { username, role },
        })
        return { id: created.id, invite_url: inviteUrl }
      }),
    )
  }

  /** A new link for an account that has not completed its invitation (the old one stops). */
  async reinvite(by: number, staffId: number): Promise<CreateStaffResponse> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update')
      if (!row) throw new AppError('STAFF_NOT_FOUND')
      if (row.activatedAt) throw new AppError('IN_USE', 'This account has completed its setup.')
      const inviteUrl = await this.deps.setup.invite(tx, row.id, row.role)
      await this.deps.audit.record(tx, {
        staffId: by,
        action: 'staff.reinvite',
        entity: 'staff',
        entityId: row.id,
        summary: `new invitation link for ${row.username}`,
        params: { username: row.username },
      })
      return { id: row.id, invite_url: inviteUrl }
    })
  }

  /** Changes a role or disables an account; its sessions end at once. */
  async update(
    by: number,
    staffId: number,
    change: { role?: StaffRole; disabled?: boolean },
  ): Promise<StaffMember> {
    return this.db.transaction(async (tx) => {
      // Owners are locked together: two owners demoting each other at once keep one owner.
      const owners = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(
          and(eq(staff.role, 'owner'), eq(staff.disabled, false), isNotNull(staff.activatedAt)),
        )
        .for('update')
      const [row] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update')
      if (!row) throw new AppError('STAFF_NOT_FOUND')
      const role = change.role ?? row.role
      const disabled = change.disabled ?? row.disabled
      const wasActiveOwner = owners.some((owner) => owner.id === row.id)
      if (wasActiveOwner && (role !== 'owner' || disabled) && owners.length <= 1) {
        throw new AppError('LAST_OWNER')
      }
      const [updated] = await tx
        .update(staff)
        .set({ role, disabled })
        .where(eq(staff.id, staffId))
        .returning()
      if (!updated) throw new AppError('STAFF_NOT_FOUND')
      if (role !== row.role || disabled !== row.disabled) {
        await this.deps.sessions.revokeAll(staffId, tx)
        const what = [
          role !== row.role ? `role ${row.role} → ${role}` : null,
          disabled !== row.disabled ? (disabled ? 'disabled' : 'enabled') : null,
        ].filter(Boolean)
        await this.deps.audit.record(tx, {
          staffId: by,
          action: disabled && !row.disabled ? 'staff.disable' : 'staff.update',
          entity: 'staff',
          entityId: staffId,
          summary: `${row.username}: ${what.join(', ')}`,
          params: {
            username: row.username,
            changes: changes({ role: row.role, disabled: row.disabled }, { role, disabled }),
          },
        })
      }
      return member(updated)
    })
  }

  async #get(staffId: number): Promise<StaffRow> {
    const [row] = await this.db.select().from(staff).where(eq(staff.id, staffId))
    if (!row) throw new AppError('STAFF_NOT_FOUND')
    return row
  }
}
