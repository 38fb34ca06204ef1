// The back office's staff endpoints: setup links, sign-in, and the owner's team management.
import { adminApi } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'

export function staffRoutes({ app, services }: AppContext): void {
  const { setup, sessions, team } = services.staff
  defineRoute(app, adminApi.setupInspect, ({ body }) => setup.inspect(body.token))
  defineRoute(app, adminApi.setup, ({ body }) =>
    setup.setup(body.token, body.username, body.password),
  )
  defineRoute(app, adminApi.setupConfirm, ({ body }) => setup.confirm(body.token, body.code))
  // Past the username's limit a sign-in needs a solved challenge of POST /api/auth/challenge;
  // past the client's, it waits (429), as a customer's login does.
  defineRoute(app, adminApi.staffLogin, ({ body, request }) =>
    services.authLimits.guardStaffLogin(request.ip, () =>
      team.login(body.username, body.password, body.code, () =>
        services.loginChallenges.accepts(body.proof),
      ),
    ),
  )
  defineRoute(app, adminApi.staffRefresh, ({ body }) => sessions.refresh(body.refresh_token))
  defineRoute(app, adminApi.staffLogout, async ({ auth }) => {
    await sessions.revoke(auth.sessionId)
    return { success: true as const }
  })
  defineRoute(app, adminApi.staffMe, ({ auth }) => team.me(auth.staffId))
  defineRoute(app, adminApi.listStaff, async () => ({ staff: await team.list() }))
  defineRoute(app, adminApi.createStaff, ({ auth, body }) =>
    team.invite(auth.staffId, body.username, body.role),
  )
  defineRoute(app, adminApi.updateStaff, ({ auth, params, body }) =>
    team.update(auth.staffId, params.id, body),
  )
  defineRoute(app, adminApi.reinviteStaff, ({ auth, params }) =>
    team.reinvite(auth.staffId, params.id),
  )
  defineRoute(app, adminApi.audit, ({ query }) => services.audit.list(query))
}
