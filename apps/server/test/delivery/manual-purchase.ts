// What the delivery suites share, on the payment suites' app (payments/harness.ts): a customer's
// paid order of a new manual product, and the staff's calls.
import { expect } from 'vitest'
import { callsOn, createProduct, type SignedUpUser } from '../kit/index.js'
import * as shop from '../payments/harness.js'

/** A call of the back office (or any route) as a staff member, on the suite's app. */
export const staff = callsOn(shop.t)

/**
 * `buyer` pays from the balance (€20 given first) for one unit of a new manual product (€12.50,
 * 5 in stock, unless `fields` say otherwise): the order as the buyer lists it, the payment and
 * the product.
 */
export async function manualPurchase(
  buyer: SignedUpUser = shop.user,
  fields: Parameters<typeof createProduct>[1] = {},
) {
  const productId = await createProduct(shop.t.database.db, {
    stock: 5,
    priceCents: 1_250,
    ...fields,
  })
  await shop.giveBalance(buyer, 2_000)
  await shop.inject(buyer, 'POST', '/api/cart/add', { product_id: productId })
  const paid = await shop.inject(buyer, 'POST', '/api/payment/create', {
    payment_method: 'balance',
  })
  expect(paid.statusCode, paid.body).toBe(200)
  const [order] = (await shop.inject(buyer, 'GET', '/api/orders')).json().orders
  return { order, payment: paid.json(), productId }
}
