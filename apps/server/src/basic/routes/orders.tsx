// The orders: the same services as GET /api/orders and GET /api/orders/:id, product names in the
// page's language.
import { DEFAULT_PAGE_SIZE, OrderRef } from '@shop/contract'
import Type, { type Static } from 'typebox'
import type { BasicRoutes } from '../deps.js'
import { customerOrSignIn } from '../guards.js'
import { OrderPage } from '../pages/OrderPage.js'
import { OrdersPage } from '../pages/OrdersPage.js'
import { pageOf, QueryText } from '../query.js'
import { render } from '../render.js'

const ListQuery = Type.Object({ page: QueryText(10) })
const OrderParams = Type.Object({ ref: OrderRef })

export const orderRoutes: BasicRoutes = (basic, { services }) => {
  basic.get('/orders', { schema: { querystring: ListQuery } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const page = pageOf((request.query as Static<typeof ListQuery>).page)
    const list = await services.orders.list(
      auth.userId,
      { page, page_size: DEFAULT_PAGE_SIZE },
      request.basicPage.lang,
    )
    return render(
      request,
      reply,
      <OrdersPage
        orders={list.orders}
        page={page}
        pageCount={Math.max(1, Math.ceil(list.total / DEFAULT_PAGE_SIZE))}
      />,
    )
  })

  basic.get('/orders/:ref', { schema: { params: OrderParams } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const { ref } = request.params as Static<typeof OrderParams>
    const order = await services.orderPages.detail(auth.userId, ref, request.basicPage.lang)
    return render(request, reply, <OrderPage order={order} />)
  })
}
