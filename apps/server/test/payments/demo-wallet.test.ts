// "Pay with the demo wallet" on the local chain (docs/usdc.md: the demo wallet pays USDC too): a
// real signed transfer for the rest of a pending payment, SOL or play USDC, which the watcher
// then finds as it finds any wallet's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addToCart,
  callAs,
  createPaymentTestbed,
  type PaymentTestbed,
  productInStock,
  signUp,
} from '../kit/index.js'

let bed: PaymentTestbed

beforeAll(async () => {
  bed = await createPaymentTestbed({ demoWallet: true, playUsdc: true })
})
afterAll(async () => {
  await bed.close()
})

describe('the demo wallet', () => {
  it.each(['SOL', 'USDC'] as const)('pays a pending %s checkout in full', async (currency) => {
    const { t } = bed
    const user = await signUp(t.app)
    await addToCart(t.app, user, await productInStock(t.database.db))
    const created = await callAs(t.app, user, 'POST', '/api/payment/create', {
      payment_method: 'crypto',
      ...(currency === 'USDC' ? { currency } : {}),
    })
    expect(created.statusCode, created.body).toBe(200)
    const payment = created.json() as { payment_code: string; currency: string }
    expect(payment.currency).toBe(currency)

    const paid = await callAs(t.app, user, 'POST', `/api/dev/pay/${payment.payment_code}`)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(await t.services.watcher?.poll()).toBeGreaterThanOrEqual(1)
    const status = await callAs(t.app, user, 'GET', `/api/payment/status/${payment.payment_code}`)
    expect(status.json()).toMatchObject({
      status: 'confirmed',
      currency,
      received_token_amount: (status.json() as { token_amount: string }).token_amount,
    })
    // Nothing is left to pay: a second press is refused.
    const again = await callAs(t.app, user, 'POST', `/api/dev/pay/${payment.payment_code}`)
    expect(again.json()).toMatchObject({ code: 'PAYMENT_NOT_PENDING' })
  })
})
