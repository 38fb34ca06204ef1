import { useCart } from '../../shared/queries/cart'

/** The number of items in the cart, from the cart query (fetched while someone is signed in). */
export function useCartCount(): number {
  const { data } = useCart()
  if (!data || typeof data !== 'object') return 0
  if (typeof data.items_count === 'number') return data.items_count
  return Array.isArray(data.items) ? data.items.length : 0
}
