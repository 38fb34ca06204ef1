import { skipToken, useQuery } from '@tanstack/react-query'
import { CART_QUERY_KEY } from '../../shared/api/queryClient'

/**
 * The number of items in the cart, read from the ['cart'] query the cart feature fills.
 * This observer never fetches by itself; it is 0 until a cart is in the cache.
 */
export function useCartCount(): number {
  const { data } = useQuery<unknown>({ queryKey: CART_QUERY_KEY, queryFn: skipToken })
  if (!data || typeof data !== 'object') return 0
  const cart = data as { items_count?: unknown; items?: unknown }
  if (typeof cart.items_count === 'number') return cart.items_count
  return Array.isArray(cart.items) ? cart.items.length : 0
}
