// The owner's coupons (every rule, unique codes, how often redeemed) and the staff's content (the
// FAQ and ticket categories in both languages), as customers then see them.
import { describe, expect, it } from 'vitest'
import { callsOn, giveBalance, signUp, useCustomer, useStaff, useTestApp } from '../kit/index.js'

const t = useTestApp({ seed: true })
const { owner, support } = useStaff(t, 'support_two')
const customer = useCustomer(t)

const as = callsOn(t)

describe('coupons', () => {
  let couponId: number

  it('are created with their rules; codes are unique whatever the case', async () => {
    const created = await as(owner, 'POST', '/api/admin/coupons', {
      code: 'Spring10',
      kind: 'percent',
      percent_off: 10,
      min_subtotal_eur: 5,
      max_redemptions: 100,
      max_per_user: 1,
      active: true,
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      code: 'Spring10',
      percent_off: 10,
      amount_off_eur: null,
      min_subtotal_eur: 5,
      times_redeemed: 0,
      reserved: 0,
    })
    couponId = created.json().id
    const taken = await as(owner, 'POST', '/api/admin/coupons', {
      code: 'SPRING10',
      kind: 'fixed',
      amount_off_eur: 2,
      active: true,
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('CODE_TAKEN')
  })

  it('refuses rules that do not fit together', async () => {
    const misfits = [
      { code: 'NOAMOUNT', kind: 'fixed' },
      {
        code: 'BACKWARDS',
        kind: 'percent',
        percent_off: 5,
        starts_at: '2027-01-02T00:00:00.000Z',
        ends_at: '2027-01-01T00:00:00.000Z',
      },
      { code: 'CENTS', kind: 'fixed', amount_off_eur: 1.234 },
    ]
    for (const rules of misfits) {
      const res = await as(owner, 'POST', '/api/admin/coupons', { ...rules, active: true })
      expect(res.statusCode, rules.code).toBe(400)
    }
  })

  it('counts what customers redeemed, and a change of kind replaces the amount', async () => {
    await giveBalance(t.database.db, t.services, customer.id, 100_000)
    const products = (await as(customer, 'GET', '/api/products/grouped')).json()
    const product = JSON.stringify(products).match(/"id":(\d+)/)
    await as(customer, 'POST', '/api/cart/add', { product_id: Number(product?.[1]) })
    const applied = await as(customer, 'POST', '/api/cart/coupon/apply', {
      coupon_code: 'spring10',
    })
    expect(applied.statusCode, applied.body).toBe(200)
    const paid = await as(customer, 'POST', '/api/payment/create', { payment_method: 'balance' })
    expect(paid.statusCode, paid.body).toBe(200)
    const list = await as(owner, 'GET', '/api/admin/coupons?q=spring')
    expect(list.json().coupons[0]).toMatchObject({ id: couponId, times_redeemed: 1, reserved: 0 })

    const fixed = await as(owner, 'PATCH', `/api/admin/coupons/${couponId}`, {
      kind: 'fixed',
      amount_off_eur: 3,
    })
    expect(fixed.json()).toMatchObject({ kind: 'fixed', percent_off: null, amount_off_eur: 3 })
    const off = await as(owner, 'PATCH', `/api/admin/coupons/${couponId}`, { active: false })
    expect(off.json().active).toBe(false)
  })

  it('show the counts the rules use: the demo LAUNCH50 is 100 / 100, refused to customers', async () => {
    const list = await as(owner, 'GET', '/api/admin/coupons?q=launch50')
    expect(list.json().coupons).toMatchObject([
      { code: 'LAUNCH50', max_redemptions: 100, times_redeemed: 100, reserved: 0 },
    ])
    const shopper = await signUp(t.app)
    const products = (await as(shopper, 'GET', '/api/products/grouped')).json()
    const product = JSON.stringify(products).match(/"id":(\d+)/)
    await as(shopper, 'POST', '/api/cart/add', { product_id: Number(product?.[1]) })
    const refused = await as(shopper, 'POST', '/api/cart/coupon/apply', {
      coupon_code: 'LAUNCH50',
    })
    expect(refused.json().code).toBe('COUPON_LIMIT_REACHED')
  })

  it('are the owner’s alone', async () => {
    expect((await as(support, 'GET', '/api/admin/coupons')).statusCode).toBe(403)
    expect((await as(customer, 'GET', '/api/admin/coupons')).statusCode).toBe(401)
  })
})

describe('FAQ and ticket categories', () => {
  it('lets any staff member replace the FAQ, which customers read in their language', async () => {
    const items = [
      {
        question_en: 'How do I pay?',
        answer_en: 'From your balance or in SOL.',
        question_lt: 'Kaip sumokėti?',
        answer_lt: 'Iš balanso arba SOL.',
      },
      {
        question_en: 'Where is my order?',
        answer_en: 'On the Orders page.',
        question_lt: 'Kur mano užsakymas?',
        answer_lt: 'Užsakymų puslapyje.',
      },
    ]
    const put = await as(support, 'PUT', '/api/admin/faq', { items })
    expect(put.statusCode).toBe(200)
    expect(put.json().items).toEqual(items)
    const lt = await as(customer, 'GET', '/api/support/faq?lang=lt')
    expect(JSON.stringify(lt.json())).toContain('Kaip sumokėti?')
    const en = await as(customer, 'GET', '/api/support/faq?lang=en')
    expect(JSON.stringify(en.json())).toContain('Where is my order?')
    const blank = await as(support, 'PUT', '/api/admin/faq', {
      items: [{ ...items[0], answer_lt: ' ' }],
    })
    expect(blank.statusCode).toBe(400)
  })

  it('lets the owner rename, add and remove categories, never one a ticket uses', async () => {
    const current = (await as(owner, 'GET', '/api/admin/support/categories')).json().items as {
      id: number
      name_en: string
      name_lt: string
    }[]
    expect(current.length).toBeGreaterThan(1)
    const [first, ...rest] = current
    if (!first) throw new Error('no category')
    const ticket = await as(customer, 'POST', '/api/support/tickets', {
      category_id: first.id,
      title: 'Where is it?',
      message_text: 'My parcel has not come.',
    })
    expect(ticket.statusCode, ticket.body).toBeLessThan(300)

    const dropUsed = await as(owner, 'PUT', '/api/admin/support/categories', {
      items: rest.map(({ id, name_en, name_lt }) => ({ id, name_en, name_lt })),
    })
    expect(dropUsed.statusCode).toBe(409)
    expect(dropUsed.json().code).toBe('IN_USE')

    const replaced = await as(owner, 'PUT', '/api/admin/support/categories', {
      items: [
        { id: first.id, name_en: 'Deliveries', name_lt: 'Pristatymas' },
        { name_en: 'Refunds', name_lt: 'Grąžinimai' },
      ],
    })
    expect(replaced.statusCode).toBe(200)
    expect(replaced.json().items).toMatchObject([
      { id: first.id, name_en: 'Deliveries', tickets: 1 },
      { name_en: 'Refunds', name_lt: 'Grąžinimai', tickets: 0 },
    ])
    const seen = await as(customer, 'GET', '/api/support/categories?lang=lt')
    expect(JSON.stringify(seen.json())).toContain('Grąžinimai')
    expect((await as(support, 'GET', '/api/admin/support/categories')).statusCode).toBe(403)
  })
})
