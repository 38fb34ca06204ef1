import type { RouteBody } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'

/** POST /api/user/change-password: the other sessions end, this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: RouteBody<'changePassword'>) =>
      call('POST /api/user/change-password', { body }),
  })
}

/**
 * POST /api/user/delete-account. Its answer ends this session too: the caller forgets it
 * locally. A failure is answered here, not by the 401 refresh or the 403 sign-out.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => call('POST /api/user/delete-account', { body: { password } }),
  })
}
