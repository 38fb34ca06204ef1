import type { LoginBody } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { useSignIn } from '../../../shared/auth/useSignIn'

/** POST /api/auth/web/login. */
export function login(body: LoginBody) {
  return call('POST /api/auth/web/login', { body })
}

export function useLogin() {
  const signIn = useSignIn()
  return useMutation({ mutationFn: login, onSuccess: signIn })
}
