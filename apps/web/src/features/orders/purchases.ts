import type { Order } from '@shop/contract'

/** The units one payment bought, shown as one purchase. */
export interface Purchase {
  payment_code: string
  /** The units in the order they were bought (lowest id first). */
  items: Order[]
  /** What the units cost after the discount, summed in cents (no floating-point drift). */
  total_paid: number
  /** When the purchase was made: its first unit's order time. */
  order_time: string
  /** The order whose page shows the purchase: its first unit. */
  order_code: string
}

export interface GroupedOrders {
  purchases: Purchase[]
  /** Purchases whose every unit is cancelled: SOL payments that were never made. */
  abandoned: Purchase[]
}

function toPurchase(items: Order[]): Purchase {
  const sorted = [...items].sort((a, b) => a.id - b.id)
  const first = sorted[0] as Order
  const cents = sorted.reduce((sum, item) => sum + Math.round(item.paid_amount * 100), 0)
  return {
    payment_code: first.payment_code,
    items: sorted,
    total_paid: cents / 100,
    order_time: first.order_time,
    order_code: first.order_code,
  }
}

/**
 * Groups a page of orders (newest first) by payment, keeping the list's order of purchases, and
 * sets the abandoned attempts apart. A purchase is at most three units, so one cut by the page's
 * end is rare; its page still shows all of it.
 */
export function groupPurchases(orders: readonly Order[]): GroupedOrders {
  const byPayment = new Map<string, Order[]>()
  for (const order of orders) {
    const units = byPayment.get(order.payment_code)
    if (units) units.push(order)
    else byPayment.set(order.payment_code, [order])
  }
  const purchases: Purchase[] = []
  const abandoned: Purchase[] = []
  for (const units of byPayment.values()) {
    const purchase = toPurchase(units)
    if (units.every((unit) => unit.status === 'cancelled')) abandoned.push(purchase)
    else purchases.push(purchase)
  }
  return { purchases, abandoned }
}
