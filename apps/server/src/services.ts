// Builds every module's service once per app. Routes reach services only through this object;
// services call each other through it, never through routes.
import type { AppConfig } from './config.js'
import type { Database } from './db/client.js'
import { AccountService } from './modules/auth/service.js'
import { SessionService } from './modules/auth/sessions.js'
import { AccessTokens } from './modules/auth/tokens.js'
import { UserService } from './modules/users/service.js'

export type Services = ReturnType<typeof createServices>

export function createServices(config: AppConfig, database: Database) {
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (see secrets.ts)')
  const { db } = database
  const sessions = new SessionService(db, new AccessTokens(config.jwtSecret))
  const accounts = new AccountService(db, sessions)
  const users = new UserService(db)
  return { sessions, accounts, users }
}
