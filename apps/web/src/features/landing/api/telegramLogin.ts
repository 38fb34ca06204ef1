import type { AuthResponse, TelegramLoginBody } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'
import { useSignIn } from '../../../shared/auth/useSignIn'

/** POST /api/auth/telegram/telegram-login with the data Telegram signed. */
export function telegramLogin(body: TelegramLoginBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('POST', '/api/auth/telegram/telegram-login', { body })
}

export function useTelegramLogin() {
  const signIn = useSignIn()
  return useMutation({ mutationFn: telegramLogin, onSuccess: signIn })
}
