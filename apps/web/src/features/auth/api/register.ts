import type { AuthResponse, RegisterBody } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'
import { useSignIn } from '../../../shared/auth/useSignIn'

/** POST /api/auth/web/register. */
export function register(body: RegisterBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('POST', '/api/auth/web/register', { body })
}

export function useRegister() {
  const signIn = useSignIn()
  return useMutation({ mutationFn: register, onSuccess: signIn })
}
