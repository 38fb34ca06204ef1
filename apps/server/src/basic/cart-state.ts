// What the product pages need of the customer's cart: the units of each product, and whether it
// holds all it may (the cart module's answer, as the API's GET /api/cart gives it).
import { CART_MAX_ITEMS, type Lang } from '@shop/contract'
import type { Services } from '../services.js'
import type { CartState } from './ui/ProductCard.js'

export async function cartStateOf(
  services: Services,
  userId: number,
  lang: Lang,
): Promise<CartState & { itemsCount: number }> {
  const cart = await services.cart.get(userId, lang)
  return {
    units: new Map(cart.items.map((item) => [item.product_id, item.quantity])),
    full: cart.items_count >= CART_MAX_ITEMS,
    itemsCount: cart.items_count,
  }
}
