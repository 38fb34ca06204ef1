// A coupon's form: its values as typed, read into the contract's body (or why they cannot be),
// and a stored coupon as form values.
import type { AdminCoupon, CouponBody, CouponKind, CouponPatch } from '@shop/contract'
import { isoToLocalInput, localInputToIso } from '../forms/dates'
import { euroInputToEuros, eurosToInput } from '../forms/money'

export type CouponValues = {
  code: string
  kind: CouponKind
  percent_off: string
  amount_off_eur: string
  min_subtotal_eur: string
  starts_at: string
  ends_at: string
  max_redemptions: string
  max_per_user: string
  active: boolean
  description: string
}

export type CouponField = keyof CouponValues & string

export const EMPTY_COUPON: CouponValues = {
  code: '',
  kind: 'percent',
  percent_off: '',
  amount_off_eur: '',
  min_subtotal_eur: '',
  starts_at: '',
  ends_at: '',
  max_redemptions: '',
  max_per_user: '',
  active: true,
  description: '',
}

export function couponToValues(coupon: AdminCoupon, lang: string): CouponValues {
  const count = (value: number | null) => (value === null ? '' : String(value))
  return {
    code: coupon.code,
    kind: coupon.kind,
    percent_off: count(coupon.percent_off),
    amount_off_eur: eurosToInput(coupon.amount_off_eur, lang),
    min_subtotal_eur: eurosToInput(coupon.min_subtotal_eur, lang),
    starts_at: isoToLocalInput(coupon.starts_at),
    ends_at: isoToLocalInput(coupon.ends_at),
    max_redemptions: count(coupon.max_redemptions),
    max_per_user: count(coupon.max_per_user),
    active: coupon.active,
    description: coupon.description,
  }
}

const WHOLE = /^\d{1,9}$/

/** '' -> null (no rule); digits -> the number; anything else -> undefined (unreadable). */
function whole(text: string): number | null | undefined {
  const trimmed = text.trim()
  if (!trimmed) return null
  return WHOLE.test(trimmed) ? Number(trimmed) : undefined
}

/** '' -> null; an amount -> euros; anything else -> undefined. */
function euros(text: string): number | null | undefined {
  if (!text.trim()) return null
  return euroInputToEuros(text) ?? undefined
}

/**
 * The body the values stand for, and the fields that cannot be read or break a rule the schema
 * does not hold (the kind's own amount is required, the end comes after the start). Unreadable
 * values are sent as 0 or '' so that the schema refuses them too.
 */
export function readCoupon(values: CouponValues): {
  body: CouponBody & Required<Pick<CouponBody, 'percent_off' | 'amount_off_eur'>>
  problems: Partial<Record<CouponField, 'invalid' | 'required' | 'order'>>
} {
  const problems: Partial<Record<CouponField, 'invalid' | 'required' | 'order'>> = {}
  const read = <T>(field: CouponField, value: T | undefined, fallback: T): T => {
    if (value === undefined) problems[field] = 'invalid'
    return value === undefined ? fallback : value
  }
  const percent = values.kind === 'percent'
  const percentOff = percent ? read('percent_off', whole(values.percent_off), 0) : null
  const amountOff = percent ? null : read('amount_off_eur', euros(values.amount_off_eur), 0)
  if (percent && percentOff === null) problems.percent_off = 'required'
  if (!percent && amountOff === null) problems.amount_off_eur = 'required'
  const startsAt = read('starts_at', localInputToIso(values.starts_at), '')
  const endsAt = read('ends_at', localInputToIso(values.ends_at), '')
  if (startsAt && endsAt && endsAt <= startsAt) problems.ends_at = 'order'
  return {
    body: {
      code: values.code.trim(),
      kind: values.kind,
      percent_off: percentOff,
      amount_off_eur: amountOff,
      min_subtotal_eur: read('min_subtotal_eur', euros(values.min_subtotal_eur), 0),
      starts_at: startsAt,
      ends_at: endsAt,
      max_redemptions: read('max_redemptions', whole(values.max_redemptions), 0),
      max_per_user: read('max_per_user', whole(values.max_per_user), 0),
      active: values.active,
      description: values.description.trim(),
    },
    problems,
  }
}

/** The fields of `next` that differ from `before` (a coupon's PATCH). */
export function couponChanges(before: CouponBody, next: CouponBody): CouponPatch {
  const patch: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(before[key as keyof CouponBody] ?? null) !== JSON.stringify(value ?? null)) {
      patch[key] = value
    }
  }
  return patch as CouponPatch
}
