import type { Cart, Lang } from '@shop/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { call } from '../api/call'
import { isApiError } from '../api/errors'
import { CART_QUERY_KEY } from '../api/queryClient'
import { useAuthStore } from '../auth/store'
import { CART_MAX_ITEMS } from '../config'
import { useTranslation } from '../i18n'
import { notify } from '../ui/toast'

export { CART_QUERY_KEY }

/**
 * The cache key of the cart with its products named in `lang`: switching the language fetches
 * the cart again. CART_QUERY_KEY, its prefix, matches the cart of every language.
 */
export function cartQueryKey(lang: Lang) {
  return [...CART_QUERY_KEY, lang] as const
}

/** GET /api/cart: the signed-in user's cart, priced afresh by the server, named in `lang`. */
export function fetchCart(lang: Lang, signal?: AbortSignal): Promise<Cart> {
  return call('GET /api/cart', { query: { lang }, signal })
}

// Cart failures are not toasted (specification section 8): the cart page shows its own state.
export function cartQueryOptions(lang: Lang) {
  return queryOptions({
    queryKey: cartQueryKey(lang),
    queryFn: ({ signal }) => fetchCart(lang, signal),
    meta: { silent: true },
  })
}

/** The cart in the language the app shows; fetched only while someone is signed in. */
export function useCart() {
  const { i18n } = useTranslation()
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated)
  return useQuery({ ...cartQueryOptions(i18n.resolvedLanguage), enabled: isAuthenticated })
}

/**
 * What the catalogue shows of the cart before anything is added: whether it already holds the
 * most units it may (so add buttons are disabled, with the reason, instead of failing), and how
 * many units of a product are in it.
 */
export function useCartContents() {
  const { data } = useCart()
  return useMemo(() => {
    const count = data?.items_count ?? 0
    const units = new Map(data?.items.map((item) => [item.product_id, item.quantity]) ?? [])
    return {
      count,
      full: count >= CART_MAX_ITEMS,
      quantityOf: (productId: number) => units.get(productId) ?? 0,
    }
  }, [data])
}

/** An empty cart, for the moment between a confirmed payment and the next fetch. */
export const EMPTY_CART: Cart = {
  items: [],
  items_count: 0,
  subtotal: 0,
  discount: 0,
  total: 0,
  applied_promo: null,
}

/**
 * POST /api/cart/add, then the cart is fetched again (specification section 7). A full cart is
 * refused before calling with "Maximum 3 products in cart"; other failures are silent (section 8).
 */
export function useAddToCart() {
  const client = useQueryClient()
  const { t, i18n } = useTranslation()
  const lang = i18n.resolvedLanguage
  return useMutation({
    mutationFn: async (productId: number) => {
      const cart = client.getQueryData<Cart>(cartQueryKey(lang))
      if (cart && cart.items_count >= CART_MAX_ITEMS) throw new CartFullError()
      return call('POST /api/cart/add', { body: { product_id: productId }, query: { lang } })
    },
    onSuccess: async () => {
      notify.success(t('cart.toast.added'))
      await client.invalidateQueries({ queryKey: CART_QUERY_KEY })
    },
    onError: (error) => {
      if (error instanceof CartFullError || (isApiError(error) && error.code === 'CART_FULL')) {
        notify.error(t('cart.maxItems', { max: CART_MAX_ITEMS }))
      }
      // Anything else is swallowed, as the specification asks for cart actions.
    },
  })
}

export class CartFullError extends Error {
  override readonly name = 'CartFullError'
}
