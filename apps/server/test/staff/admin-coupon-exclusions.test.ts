// The owner sets which products a coupon leaves out of its discount (the demo's gift cards are
// left out of WELCOME10 by the seed): checked against the catalogue, audited, and applied by the
// same rules the customers' carts use.
import { COUPON_EXCLUSIONS_MAX } from '@shop/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  auditOf,
  call,
  createPlace,
  createProduct,
  useCustomer,
  useStaff,
  useTestApp,
} from '../kit/index.js'

const t = useTestApp()
const { owner, support } = useStaff(t, 'support_excl')
const customer = useCustomer(t)
let bag: number
let gift: number

beforeAll(async () => {
  const place = await createPlace(t.database.db)
  bag = await createProduct(t.database.db, { ...place, priceCents: 2000 })
  gift = await createProduct(t.database.db, { ...place, priceCents: 2500, category: 'gift-cards' })
})

async function cartWithCoupon(code: string) {
  await call(t.app, customer, 'DELETE /api/cart/clear')
  for (const id of [bag, gift]) {
    const added = await call(t.app, customer, 'POST /api/cart/add', { body: { product_id: id } })
    expect(added.status, added.res.body).toBe(200)
  }
  const applied = await call(t.app, customer, 'POST /api/cart/coupon/apply', {
    body: { coupon_code: code },
  })
  expect(applied.status, applied.res.body).toBe(200)
  return applied.body
}

describe('a coupon that leaves products out', () => {
  let id: number

  it('is created with its exclusions, in id order, and discounts only the other lines', async () => {
    const created = await call(t.app, owner, 'POST /api/admin/coupons', {
      body: {
        code: 'NOGIFTS',
        kind: 'percent',
        percent_off: 10,
        active: true,
        excluded_product_ids: [gift, bag].filter((p) => p === gift),
      },
    })
    expect(created.status, created.res.body).toBe(201)
    expect(created.body.excluded_product_ids).toEqual([gift])
    expect(created.body.excluded_products).toEqual([
      {
        id: gift,
        sku: expect.any(String),
        name_en: expect.stringMatching(/^Test item/),
        name_lt: expect.stringMatching(/^Test item/),
      },
    ])
    id = created.body.id
    // 10 % of the bag's 20.00 only: the gift card's 25.00 takes no discount.
    expect(await cartWithCoupon('NOGIFTS')).toMatchObject({ discount: 2, total: 43 })
  })

  it('changes them by a PATCH, recorded in the audit log', async () => {
    const changed = await call(t.app, owner, 'PATCH /api/admin/coupons/:id', {
      params: { id },
      body: { excluded_product_ids: [gift, bag] },
    })
    expect(changed.status, changed.res.body).toBe(200)
    expect(changed.body.excluded_product_ids).toEqual([bag, gift].sort((a, b) => a - b))
    expect(await cartWithCoupon('NOGIFTS')).toMatchObject({ discount: 0, total: 45 })

    const cleared = await call(t.app, owner, 'PATCH /api/admin/coupons/:id', {
      params: { id },
      body: { excluded_product_ids: [] },
    })
    expect(cleared.body.excluded_product_ids).toEqual([])
    expect(await cartWithCoupon('NOGIFTS')).toMatchObject({ discount: 4.5, total: 40.5 })

    const entries = await auditOf(t, owner, 'coupon', id)
    const changes = entries
      .filter((entry) => entry.action === 'coupon.update')
      .map((entry) => entry.params?.changes)
    expect(changes).toEqual([
      [
        {
          field: 'excluded_product_ids',
          from: [bag, gift].sort((a, b) => a - b).join(', '),
          to: null,
        },
      ],
      [
        {
          field: 'excluded_product_ids',
          from: String(gift),
          to: [bag, gift].sort((a, b) => a - b).join(', '),
        },
      ],
    ])
  })

  it('refuses a product that does not exist, a repeated one or too many, changing nothing', async () => {
    const before = await call(t.app, owner, 'GET /api/admin/coupons', { query: { q: 'NOGIFTS' } })
    const unknown = await call(t.app, owner, 'PATCH /api/admin/coupons/:id', {
      params: { id },
      body: { excluded_product_ids: [gift, 999_999] },
    })
    expect(unknown.status).toBe(404)
    expect(unknown.res.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' })
    expect(unknown.res.json().detail).toContain('999999')
    for (const excluded_product_ids of [
      [gift, gift],
      Array.from({ length: COUPON_EXCLUSIONS_MAX + 1 }, (_, i) => i + 1),
      [0],
      ['x'],
    ]) {
      const bad = await call(t.app, owner, 'PATCH /api/admin/coupons/:id', {
        params: { id },
        body: { excluded_product_ids } as never,
      })
      expect(bad.status, JSON.stringify(excluded_product_ids)).toBe(400)
      expect(bad.res.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
    }
    const created = await call(t.app, owner, 'POST /api/admin/coupons', {
      body: {
        code: 'GHOST',
        kind: 'percent',
        percent_off: 5,
        active: true,
        excluded_product_ids: [999_998],
      },
    })
    expect(created.status).toBe(404)
    expect(
      (await call(t.app, owner, 'GET /api/admin/coupons', { query: { q: 'GHOST' } })).body.total,
    ).toBe(0)
    const after = await call(t.app, owner, 'GET /api/admin/coupons', { query: { q: 'NOGIFTS' } })
    expect(after.body).toEqual(before.body)
  })

  it('are the owner’s alone', async () => {
    const bySupport = await call(t.app, support, 'PATCH /api/admin/coupons/:id', {
      params: { id },
      body: { excluded_product_ids: [gift] },
    })
    expect(bySupport.status).toBe(403)
  })
})
