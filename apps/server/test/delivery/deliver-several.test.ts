// "Deliver several" (issue 33, decision 0059): several paid manual orders delivered in one call,
// each with its own note and on its own: the ones that can be are delivered and audited, the
// others are refused with why and change nothing.
import { describe, expect, it } from 'vitest'
import { type SignedUpUser, signUp, useStaff } from '../kit/index.js'
import * as shop from '../payments/harness.js'
import { manualPurchase, staff } from './manual-purchase.js'

shop.usePaymentsApp()

const { owner, support } = useStaff(shop.t, 'support_bulk')

const URL = '/api/admin/orders/deliver'

/** `buyer`'s paid order of a new manual product. */
const paidOrder = async (buyer?: SignedUpUser): Promise<{ order_code: string }> =>
  (await manualPurchase(buyer)).order

describe('delivering several orders', () => {
  it('delivers each with its own note, which each buyer reads, each in the audit log', async () => {
    const other = await signUp(shop.t.app)
    const a = await paidOrder()
    const b = await paidOrder(other)
    const res = await staff(support, 'POST', URL, {
      deliveries: [
        { code: a.order_code, note: 'Locker 3, code 1111.' },
        { code: b.order_code.toLowerCase(), note: 'Locker 9, code 2222.' },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.refused).toEqual([])
    expect(body.delivered).toMatchObject([
      { order_code: a.order_code, status: 'completed', delivered_by: 'support_bulk' },
      { order_code: b.order_code, status: 'completed', delivered_by: 'support_bulk' },
    ])
    const pageA = (await shop.inject(shop.user, 'GET', `/api/orders/${a.order_code}`)).json()
    const pageB = (await shop.inject(other, 'GET', `/api/orders/${b.order_code}`)).json()
    expect(pageA.delivery).toMatchObject({ kind: 'manual', content: 'Locker 3, code 1111.' })
    expect(pageB.delivery).toMatchObject({ kind: 'manual', content: 'Locker 9, code 2222.' })
    const audit = (await staff(owner, 'GET', '/api/admin/audit?action=order.deliver')).json()
    const ids = audit.entries.map((e: { entity_id: string }) => e.entity_id)
    expect(ids).toEqual(expect.arrayContaining([a.order_code, b.order_code]))
    // The notes may be locker codes: never in the log.
    for (const secret of ['1111', '2222']) expect(JSON.stringify(audit)).not.toContain(secret)
  })

  it('delivers those it can and says why the others were not, changing nothing of them', async () => {
    const good = await paidOrder()
    const done = await paidOrder()
    const first = await staff(owner, 'POST', `/api/admin/orders/${done.order_code}/deliver`, {
      note: 'First note',
    })
    expect(first.statusCode).toBe(200)
    const res = await staff(owner, 'POST', URL, {
      deliveries: [
        { code: done.order_code, note: 'Second note' },
        { code: 'O-AAAAAAAA', note: 'Nobody' },
        { code: good.order_code, note: 'Counter 2' },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().delivered.map((o: { order_code: string }) => o.order_code)).toEqual([
      good.order_code,
    ])
    expect(res.json().refused).toEqual([
      { order_code: done.order_code, code: 'ORDER_NOT_DELIVERABLE', message: expect.any(String) },
      { order_code: 'O-AAAAAAAA', code: 'ORDER_NOT_FOUND', message: expect.any(String) },
    ])
    const kept = (await staff(owner, 'GET', `/api/admin/orders/${done.order_code}`)).json()
    expect(kept.delivery_note).toBe('First note')
    const audit = (await staff(owner, 'GET', '/api/admin/audit?action=order.deliver')).json()
    const forDone = audit.entries.filter(
      (e: { entity_id: string }) => e.entity_id === done.order_code,
    )
    expect(forDone).toHaveLength(1)
  })

  it('delivers an order once when two calls race for it', async () => {
    const order = await paidOrder()
    const body = { deliveries: [{ code: order.order_code, note: 'Shelf 4' }] }
    const [x, y] = await Promise.all([
      staff(owner, 'POST', URL, body),
      staff(support, 'POST', URL, body),
    ])
    const delivered = [x, y].flatMap((res) => res.json().delivered)
    const refused = [x, y].flatMap((res) => res.json().refused)
    expect(delivered).toHaveLength(1)
    expect(refused).toMatchObject([{ code: 'ORDER_NOT_DELIVERABLE' }])
    const audit = (await staff(owner, 'GET', '/api/admin/audit?action=order.deliver')).json()
    expect(
      audit.entries.filter((e: { entity_id: string }) => e.entity_id === order.order_code),
    ).toHaveLength(1)
  })

  it('refuses a malformed request whole: no orders, too many, blank notes, one order twice', async () => {
    const order = await paidOrder()
    const entry = { code: order.order_code, note: 'Here' }
    for (const deliveries of [
      [],
      Array.from({ length: 51 }, () => entry),
      [{ code: order.order_code, note: '   ' }],
      [{ code: 'not-a-code', note: 'x' }],
      [entry, { code: order.order_code.toLowerCase(), note: 'Again' }],
    ]) {
      const res = await staff(owner, 'POST', URL, { deliveries })
      expect(res.statusCode, JSON.stringify(deliveries).slice(0, 80)).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
    }
    const still = (await staff(owner, 'GET', `/api/admin/orders/${order.order_code}`)).json()
    expect(still.status).toBe('processing')
  })
})
