import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'
import { toUserDto as toUser } from '../users/service.js'

export function authRoutes({ app, services }: AppContext): void {
  const { accounts, sessions, users } = services

  defineRoute(app, api.register, ({ body }) => accounts.register(body))
  defineRoute(app, api.login, ({ body }) => accounts.login(body))
  defineRoute(app, api.refresh, ({ body }) => sessions.refresh(body.refresh_token))
  defineRoute(app, api.refreshToken, ({ body }) => sessions.refresh(body.refresh_token))
  defineRoute(app, api.logout, async ({ auth }) => {
    await sessions.revoke(auth.sessionId)
    return { success: true as const }
  })
  defineRoute(app, api.verify, async ({ auth }) => ({
    valid: true as const,
    user: toUser(await users.get(auth.userId)),
  }))
}
