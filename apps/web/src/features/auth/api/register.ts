import type { RegisterBody } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { useSignIn } from '../../../shared/auth/useSignIn'

/** POST /api/auth/web/register. */
export function register(body: RegisterBody) {
  return call('POST /api/auth/web/register', { body })
}

export function useRegister() {
  const signIn = useSignIn()
  return useMutation({ mutationFn: register, onSuccess: signIn })
}
