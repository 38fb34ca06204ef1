// What a customer does through the API (app.inject()), for the suites that need it as a step
// rather than as the thing under test.
import type { Cart } from '@shop/contract'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'

/** A request as `user` (signed in) or as nobody. */
export function callAs(
  app: FastifyInstance,
  user: { headers: { authorization: string } } | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    ...(user ? { headers: user.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

/** The customer's cart (expects a 200). */
export async function cartOf(
  app: FastifyInstance,
  user: { headers: { authorization: string } },
): Promise<Cart> {
  const res = await callAs(app, user, 'GET', '/api/cart')
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Cart
}

/** Adds one unit of each product, in order (each must answer 200); the cart after the last. */
export async function addToCart(
  app: FastifyInstance,
  user: { headers: { authorization: string } },
  ...productIds: number[]
): Promise<Cart> {
  let cart: Cart | undefined
  for (const product_id of productIds) {
    const res = await callAs(app, user, 'POST', '/api/cart/add', { product_id })
    expect(res.statusCode, res.body).toBe(200)
    cart = res.json() as Cart
  }
  if (!cart) throw new Error('nothing added')
  return cart
}
