// The back office's accounts, built once per app by createServices (services.ts).
import type { AppConfig } from './config.js'
import type { Database } from './db/client.js'
import type { createCounterStore } from './http/rate-limit.js'
import { SecretSeal } from './lib/sealed-secret.js'
import { AuditLog } from './modules/audit/service.js'
import { AccessTokens } from './modules/auth/tokens.js'
import { StaffService } from './modules/staff/service.js'
import { StaffSessions } from './modules/staff/sessions.js'
import { StaffSetup } from './modules/staff/setup.js'

/** The back office's accounts: setup links, sessions of their own audience, the team, audit. */
export function createStaffServices(
  config: AppConfig & { jwtSecret: string },
  database: Database,
  counters: ReturnType<typeof createCounterStore>,
) {
  const { db } = database
  const seal = new SecretSeal(config.jwtSecret, 'staff-totp')
  const sessions = new StaffSessions(db, new AccessTokens(config.jwtSecret, 'back-office'))
  // The team is needed to name staff in the log, and the log by the team: a late binding.
  let team: StaffService | null = null
  const audit = new AuditLog(
    db,
    (ids) => team?.usernames(ids) ?? Promise.resolve(new Map()),
    config.shopTimeZone,
  )
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`
  const setup = new StaffSetup(db, { seal, sessions, audit }, publicUrl, config.jwtSecret)
  team = new StaffService(db, { seal, sessions, setup, audit, counters })
  return { seal, sessions, setup, team, audit }
}
