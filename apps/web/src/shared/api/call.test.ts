import type { Payment, PublicConfig } from '@shop/contract'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { callsTo, mockApi } from '../../test/api'
import { payment, publicConfig } from '../../test/fixtures'
import { call } from './call'

describe('call', () => {
  it('sends the route with its path parameters and body, and resolves to the answer', async () => {
    const fetchMock = mockApi({
      'POST /api/support/tickets/7/reply': ({ body }) => ({ echoed: body }),
    })
    await expect(
      call('POST /api/support/tickets/:id/reply', {
        params: { id: 7 },
        body: { message_text: 'Hello' },
      }),
    ).resolves.toEqual({ echoed: { message_text: 'Hello' } })
    expect(callsTo(fetchMock, 'POST /api/support/tickets/7/reply')).toEqual([
      { message_text: 'Hello' },
    ])
  })

  it('encodes path parameters and sends the query', async () => {
    const queries: string[] = []
    const fetchMock = mockApi({
      'GET /api/payment/status/P-1%2F2': () => payment(),
      'GET /api/products': ({ query }) => {
        queries.push(query.toString())
        return { products: [], total: 0 }
      },
    })
    await call('GET /api/payment/status/:paymentCode', { params: { paymentCode: 'P-1/2' } })
    await call('GET /api/products', { query: { city_id: 3, page: 2 } })
    expect(callsTo(fetchMock, 'GET /api/payment/status/P-1%2F2')).toHaveLength(1)
    expect(queries).toEqual(['city_id=3&page=2'])
  })

  it('types the answer from the route', async () => {
    mockApi({ 'GET /api/config': () => publicConfig() })
    const config = await call('GET /api/config')
    expectTypeOf(config).toEqualTypeOf<PublicConfig>()
    const cancel = () =>
      call('DELETE /api/payment/cancel/:paymentCode', { params: { paymentCode: 'P-1' } })
    expectTypeOf(cancel).returns.resolves.toEqualTypeOf<Payment>()
    expect(config.demo_wallet).toBe(false)
  })

  it('does not compile a call that the contract does not allow', () => {
    const typeOnly = () => {
      // @ts-expect-error payment_method is 'balance' or 'crypto'
      void call('POST /api/payment/create', { body: { payment_method: 'cash' } })
      // @ts-expect-error the body is required
      void call('POST /api/payment/create')
      // @ts-expect-error the ticket id is a number
      void call('GET /api/support/tickets/:id', { params: { id: 'seven' } })
      // @ts-expect-error GET /api/cart takes no body
      void call('GET /api/cart', { body: {} })
      // @ts-expect-error the contract has no PUT /api/cart
      void call('PUT /api/cart')
    }
    expect(typeof typeOnly).toBe('function')
  })
})
