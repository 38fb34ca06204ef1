// The shop's API as a customer's client calls it, for journeys that start where an earlier one
// left a customer (the browser steps that got there are tested in their own journey).
import { expect, vi } from 'vitest'

export interface ApiCustomer {
  call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>
}

/** Registers a customer and returns a client that calls the API as them (expects 200s). */
export async function registerCustomer(
  baseUrl: string,
  username: string,
  password: string,
): Promise<ApiCustomer> {
  const send = async (method: string, path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const json = (await res.json()) as Record<string, unknown>
    expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(200)
    return json
  }
  const registered = await send('POST', '/api/auth/web/register', {
    username,
    password,
    confirm_password: password,
  })
  const token = String(registered.access_token)
  return { call: (method, path, body) => send(method, path, body, token) }
}

/** Adds one unit of the first product a search finds. */
export async function addBySearch(customer: ApiCustomer, search: string): Promise<void> {
  const list = await customer.call('GET', `/api/products?search=${encodeURIComponent(search)}`)
  const [product] = list.products as { id: number }[]
  await customer.call('POST', '/api/cart/add', { product_id: product?.id })
}

/**
 * Where the shopping journey leaves its customer: hand cream and two lip balms bought with
 * WELCOME10 (€12.57) from a €20 top-up paid by the demo wallet, so three completed orders.
 */
export async function customerWithOrders(
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  const customer = await registerCustomer(baseUrl, username, password)
  await addBySearch(customer, 'Hand cream')
  await addBySearch(customer, 'lip balm')
  await addBySearch(customer, 'lip balm')
  await customer.call('POST', '/api/cart/coupon/apply', { coupon_code: 'WELCOME10' })
  await topUp(customer, 20)
  await customer.call('POST', '/api/payment/create', { payment_method: 'balance' })
}

/** A top-up of `euros` paid by the demo wallet, once the watcher has credited it. */
export async function topUp(customer: ApiCustomer, euros: number): Promise<void> {
  const topup = await customer.call('POST', '/api/balance/topup', { minimum_amount: euros })
  await customer.call('POST', `/api/dev/pay/${topup.payment_code}`)
  // The watcher confirms the transfer: what the top-up dialog waits for.
  await vi.waitFor(
    async () => {
      const status = await customer.call('GET', `/api/payment/status/${topup.payment_code}`)
      expect(status.status).toBe('confirmed')
    },
    { timeout: 30_000, interval: 200 },
  )
}
