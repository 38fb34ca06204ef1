import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { AppError } from '../../http/errors.js'
import { defineRoute } from '../../http/route.js'
import { toUserDto as toUser } from '../users/service.js'
import { usernameProblem } from './validation.js'

export function authRoutes({ app, services }: AppContext): void {
  const { accounts, authLimits, loginChallenges, sessions, telegram, users } = services
  // request.ip is the socket's address, or behind a proxy listed in TRUST_PROXY the client it
  // forwarded for; the limiter only ever sees an HMAC of it.
  defineRoute(app, api.register, ({ body, request }) =>
    authLimits.guardRegistration(request.ip, () => accounts.register(body)),
  )
  // A name sign-up would refuse cannot exist: refused before any lookup or count, so that a
  // spelling PostgreSQL's lower() folds onto a real name (`İ` -> `i`) gets no guesses of its own.
  defineRoute(app, api.login, ({ body, request }) => {
    if (usernameProblem(body.username)) throw new AppError('INVALID_CREDENTIALS')
    return authLimits.guardLogin(
      body.username,
      request.ip,
      () => accounts.login(body),
      () => loginChallenges.accepts(body.proof),
    )
  })
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
