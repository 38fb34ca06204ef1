import type { AuthResponse, LoginBody } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'
import { useSignIn } from '../../../shared/auth/useSignIn'

/** POST /api/auth/web/login. */
export function login(body: LoginBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('POST', '/api/auth/web/login', { body })
}

export function useLogin() {
  const signIn = useSignIn()
  return useMutation({ mutationFn: login, onSuccess: signIn })
}
