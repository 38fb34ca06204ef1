import type { TelegramLoginBody } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { useSignIn } from '../../../shared/auth/useSignIn'

/** POST /api/auth/telegram/telegram-login with the data Telegram signed. */
export function telegramLogin(body: TelegramLoginBody) {
  return call('POST /api/auth/telegram/telegram-login', { body })
}

export function useTelegramLogin() {
  const signIn = useSignIn()
  return useMutation({ mutationFn: telegramLogin, onSuccess: signIn })
}
