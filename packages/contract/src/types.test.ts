// Compile-time checks of the inferred types (run by `tsc`; vitest only sees trivial assertions).

import { describe, expectTypeOf, it } from 'vitest'
import type { Lang } from './common.js'
import type { Cart, PaymentStatus, TicketDetail, User } from './entities.js'
import type { ErrorCode } from './errors.js'
import type { PathParamNames, RouteBody, RouteParams, RouteQuery, RouteResponse } from './routes.js'

describe('inferred types', () => {
  it('are precise', () => {
    expectTypeOf<PaymentStatus>().toEqualTypeOf<'pending' | 'confirmed' | 'expired' | 'cancelled'>()
    expectTypeOf<Lang>().toEqualTypeOf<'en' | 'lt'>()
    expectTypeOf<User['telegram_id']>().toEqualTypeOf<number | null>()
    expectTypeOf<Cart['applied_promo']>().toEqualTypeOf<string | null>()
    expectTypeOf<TicketDetail['messages'][number]['author']>().toEqualTypeOf<
      'customer' | 'support'
    >()
    expectTypeOf<'CART_FULL'>().toExtend<ErrorCode>()
    expectTypeOf<RouteResponse<'getCart'>>().toEqualTypeOf<Cart>()
    expectTypeOf<RouteBody<'addToCart'>>().toEqualTypeOf<{ product_id: number }>()
    expectTypeOf<RouteBody<'getCart'>>().toEqualTypeOf<undefined>()
    expectTypeOf<RouteParams<'replyTicket'>>().toEqualTypeOf<{ id: number }>()
    expectTypeOf<RouteQuery<'listOrders'>>().toEqualTypeOf<{
      page?: number
      page_size?: number
      lang?: 'en' | 'lt'
    }>()
    expectTypeOf<PathParamNames<'/a/:x/b/:y'>>().toEqualTypeOf<'x' | 'y'>()
    expectTypeOf<PathParamNames<'/api/cart'>>().toEqualTypeOf<never>()
  })
})
