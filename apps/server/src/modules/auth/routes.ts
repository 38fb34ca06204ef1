import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'
import { toUserDto as toUser } from '../users/service.js'
import { signIn } from './sign-in.js'

export function authRoutes({ app, services }: AppContext): void {
  const { accounts, authLimits, loginChallenges, sessions, telegram, users } = services
  // request.ip is the socket's address, or behind a proxy listed in TRUST_PROXY the client it
  // forwarded for; the limiter only ever sees an HMAC of it.
  defineRoute(app, api.register, ({ body, request }) =>
    authLimits.guardRegistration(request.ip, () => accounts.register(body)),
  )
  // The API's sign-in takes a proof of work past the name's limit, never a wait ticket.
  defineRoute(app, api.login, ({ body, request }) =>
    signIn(
      services,
      { username: body.username, password: body.password, proof: body.proof },
      request.ip,
    ),
  )
  defineRoute(app, api.loginChallenge, () => loginChallenges.create())
  defineRoute(app, api.checkUsername, ({ params, request }) =>
    authLimits.guardUsernameCheck(request.ip, () => accounts.checkUsername(params.username)),
  )
  // The validator keeps unknown fields, and Telegram signed every field it sent, so the whole
  // body is what gets verified.
  defineRoute(app, api.telegramLogin, ({ body, request }) =>
    telegram.login(body, request.body as Record<string, unknown>),
  )
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
