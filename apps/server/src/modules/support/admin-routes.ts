// The staff's content endpoints: the FAQ (any staff member) and ticket categories (owner).
import { adminApi } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'

export function adminContentRoutes({ app, services }: AppContext): void {
  const { content } = services.adminContent
  defineRoute(app, adminApi.getAdminFaq, () => content.faq())
  defineRoute(app, adminApi.putAdminFaq, ({ auth, body }) => content.putFaq(auth.staffId, body))
  defineRoute(app, adminApi.getAdminCategories, () => content.categories())
  defineRoute(app, adminApi.putAdminCategories, ({ auth, body }) =>
    content.putCategories(auth.staffId, body),
  )
}
