import type { AdminCity, AdminCoupon, AdminProductDetail, CouponBody, Staff } from '@shop/contract'

export const cities: AdminCity[] = [
  {
    id: 1,
    name_en: 'Vilnius',
    name_lt: 'Vilnius',
    products: 2,
    districts: [
      { id: 11, city_id: 1, name_en: 'Old Town', name_lt: 'Senamiestis', products: 2 },
      { id: 12, city_id: 1, name_en: 'Antakalnis', name_lt: 'Antakalnis', products: 0 },
    ],
  },
  {
    id: 2,
    name_en: 'Kaunas',
    name_lt: 'Kaunas',
    products: 0,
    districts: [
      { id: 21, city_id: 2, name_en: 'Žaliakalnis', name_lt: 'Žaliakalnis', products: 0 },
    ],
  },
]

export function product(overrides: Partial<AdminProductDetail> = {}): AdminProductDetail {
  return {
    id: 7,
    sku: 'GIFT-25',
    name_en: 'Gift card 25 EUR',
    name_lt: 'Dovanų kortelė 25 EUR',
    description_en: 'A card worth 25 euros.',
    description_lt: '25 eurų vertės kortelė.',
    price_eur: 25,
    city_id: 1,
    city_name: 'Vilnius',
    district_id: 11,
    district_name: 'Old Town',
    delivery: 'manual',
    active: true,
    stock: 5,
    reserved: 1,
    sold: 3,
    image_url: null,
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-10T10:00:00.000Z',
    stock_changes: [],
    ...overrides,
  }
}

/** A coupon as the form sends it: the rules of `coupon()`, without its id and counts. */
export function couponBody(overrides: Partial<CouponBody> = {}): Required<CouponBody> {
  return {
    code: 'WELCOME10',
    kind: 'percent',
    percent_off: 10,
    amount_off_eur: null,
    min_subtotal_eur: null,
    starts_at: null,
    ends_at: null,
    max_redemptions: null,
    max_per_user: 1,
    active: true,
    description: '',
    excluded_product_ids: [],
    ...overrides,
  }
}

export function coupon(overrides: Partial<AdminCoupon> = {}): AdminCoupon {
  return {
    id: 3,
    ...couponBody(),
    times_redeemed: 4,
    reserved: 0,
    excluded_products: [],
    created_at: '2026-01-10T10:00:00.000Z',
    ...overrides,
  }
}

/** The handler of GET /auth/me for a signed-in staff member. */
export const me = (staff: Staff) => ({ 'GET /api/admin/auth/me': () => staff })
