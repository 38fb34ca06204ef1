import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { useTranslation } from '../../../shared/i18n'
import { CART_QUERY_KEY } from '../../../shared/queries/cart'
import { notify } from '../../../shared/ui/toast'

// Cart actions (specification section 7). Failures are swallowed (section 8), except the coupon
// form, which shows why a code was refused next to the field.

/** DELETE /api/cart/remove/:productId, then the cart is fetched again. */
export function useRemoveFromCart() {
  const client = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: (productId: number) =>
      call('DELETE /api/cart/remove/:productId', { params: { productId } }),
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
  const { t } = useTranslation()
  return useMutation({
    mutationFn: () => call('DELETE /api/cart/clear'),
    onSuccess: (cart) => {
      client.setQueryData(CART_QUERY_KEY, cart)
      notify.success(t('cart.toast.cleared'))
    },
    onError: () => undefined,
  })
}

/** POST /api/cart/coupon/apply: the cart is replaced by the response. */
export function useApplyCoupon() {
  const client = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: (code: string) =>
      call('POST /api/cart/coupon/apply', { body: { coupon_code: code } }),
    onSuccess: (cart) => {
      client.setQueryData(CART_QUERY_KEY, cart)
      notify.success(t('cart.toast.couponApplied'))
    },
  })
}

/** DELETE /api/cart/coupon/remove: the cart is replaced by the response. */
export function useRemoveCoupon() {
  const client = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: () => call('DELETE /api/cart/coupon/remove'),
    onSuccess: (cart) => {
      client.setQueryData(CART_QUERY_KEY, cart)
      notify.info(t('cart.toast.couponRemoved'))
    },
    onError: () => undefined,
  })
}
