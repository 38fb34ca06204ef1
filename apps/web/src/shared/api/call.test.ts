import { api } from '@shop/contract'
import { describe, expect, it } from 'vitest'
import { callsTo, mockApi } from '../../test/api'
import { payment } from '../../test/fixtures'
import { call } from './call'
import { endpoints } from './endpoints'

describe('call', () => {
  it('sends the route of the contract with its path parameters and body', async () => {
    const fetchMock = mockApi({
      'POST /api/support/tickets/7/reply': ({ body }) => ({ echoed: body }),
    })
    await expect(
      call('replyTicket', { params: { id: 7 }, body: { message_text: 'Hello' } }),
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
    await call('paymentStatus', { params: { paymentCode: 'P-1/2' } })
    await call('listProducts', { query: { city_id: 3, page: 2 } })
    expect(callsTo(fetchMock, 'GET /api/payment/status/P-1%2F2')).toHaveLength(1)
    expect(queries).toEqual(['city_id=3&page=2'])
  })

  it('knows each route by the method and URL of the contract', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const route = api[name as keyof typeof endpoints]
      expect(endpoint).toEqual({ method: route.method, url: route.url })
    }
  })

  it('does not compile a call that the contract does not allow', () => {
    const typeOnly = () => {
      // @ts-expect-error payment_method is 'balance' or 'crypto'
      void call('createPayment', { body: { payment_method: 'cash' } })
      // @ts-expect-error the body is required
      void call('createPayment')
      // @ts-expect-error the ticket id is a number
      void call('getTicket', { params: { id: 'seven' } })
      // @ts-expect-error GET /api/cart takes no body
      void call('getCart', { body: {} })
      // @ts-expect-error not a route of the contract
      void call('dropDatabase')
    }
    expect(typeof typeOnly).toBe('function')
  })
})
