import type { AuthResponse } from '@shop/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import i18n from '../i18n'
import { cartQueryOptions } from '../queries/cart'
import { useAuthStore } from './store'

/**
 * Stores a login or register response and fetches the cart (specification section 4: "tokens and
 * user are stored and the cart is fetched"). Used by the login, register and Telegram screens.
 */
export function useSignIn(): (auth: AuthResponse) => void {
  const client = useQueryClient()
  return useCallback(
    (auth: AuthResponse) => {
      client.clear()
      useAuthStore.getState().setAuth(auth)
      void client.prefetchQuery(cartQueryOptions(i18n.resolvedLanguage))
    },
    [client],
  )
}
