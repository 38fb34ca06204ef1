import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'
import { toUserDto } from './service.js'

export function userRoutes({ app, services }: AppContext): void {
  defineRoute(app, api.me, async ({ auth }) => toUserDto(await services.users.get(auth.userId)))
  defineRoute(app, api.stats, ({ auth }) => services.users.stats(auth.userId))
  defineRoute(app, api.changePassword, ({ auth, body }) =>
    services.accountChanges.changePassword(auth, body),
  )
  defineRoute(app, api.deleteAccount, ({ auth, body }) =>
    services.accountChanges.deleteAccount(auth, body),
  )
}
