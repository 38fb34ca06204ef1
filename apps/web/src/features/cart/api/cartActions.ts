import type { Cart, Lang } from '@shop/contract'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { useTranslation } from '../../../shared/i18n'
import { CART_QUERY_KEY, cartQueryKey } from '../../../shared/queries/cart'
import { notify } from '../../../shared/ui/toast'

// Cart actions (specification section 7). Failures are swallowed (section 8), except the coupon
// form, which shows why a code was refused next to the field. Each call names the products in
// the language the app shows (`?lang=`), and its answer replaces the cart of that language.

/** A cart answer in `lang` as the cart of that language; the other languages are fetched again. */
function replaceCart(client: QueryClient, lang: Lang, cart: Cart): void {
  client.setQueryData(cartQueryKey(lang), cart)
  void client.invalidateQueries({
    queryKey: CART_QUERY_KEY,
    predicate: (query) => query.queryKey[1] !== lang,
  })
}

/** DELETE /api/cart/remove/:productId, then the cart is fetched again. */
export function useRemoveFromCart() {
  const client = useQueryClient()
  const { t, i18n } = useTranslation()
  const lang = i18n.resolvedLanguage
  return useMutation({
    mutationFn: (productId: number) =>
      call('DELETE /api/cart/remove/:productId', { params: { productId }, query: { lang } }),
    onSuccess: async () => {
      notify.success(t('cart.toast.removed'))
      await client.invalidateQueries({ queryKey: CART_QUERY_KEY })
    },
    onError: () => undefined,
  })
}

/** DELETE /api/cart/clear. */
export function useClearCart() {
  const client = useQueryClient()
  const { t, i18n } = useTranslation()
  const lang = i18n.resolvedLanguage
  return useMutation({
    mutationFn: () => call('DELETE /api/cart/clear', { query: { lang } }),
    onSuccess: (cart) => {
      replaceCart(client, lang, cart)
      notify.success(t('cart.toast.cleared'))
    },
    onError: () => undefined,
  })
}

/** POST /api/cart/coupon/apply: the cart is replaced by the response. */
export function useApplyCoupon() {
  const client = useQueryClient()
  const { t, i18n } = useTranslation()
  const lang = i18n.resolvedLanguage
  return useMutation({
    mutationFn: (code: string) =>
      call('POST /api/cart/coupon/apply', { body: { coupon_code: code }, query: { lang } }),
    onSuccess: (cart) => {
      replaceCart(client, lang, cart)
      notify.success(t('cart.toast.couponApplied'))
    },
  })
}

/** DELETE /api/cart/coupon/remove: the cart is replaced by the response. */
export function useRemoveCoupon() {
  const client = useQueryClient()
  const { t, i18n } = useTranslation()
  const lang = i18n.resolvedLanguage
  return useMutation({
    mutationFn: () => call('DELETE /api/cart/coupon/remove', { query: { lang } }),
    onSuccess: (cart) => {
      replaceCart(client, lang, cart)
      notify.info(t('cart.toast.couponRemoved'))
    },
    onError: () => undefined,
  })
}
