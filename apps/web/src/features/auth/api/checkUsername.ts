import type { CheckUsernameResponse } from '@shop/contract'
import { buildPath } from '@shop/contract'
import { apiRequest } from '../../../shared/api/client'

/** GET /api/auth/web/check-username/:username: whether a valid username is still free. */
export function checkUsername(username: string): Promise<CheckUsernameResponse> {
  return apiRequest<CheckUsernameResponse>(
    'GET',
    buildPath('/api/auth/web/check-username/:username', { username }),
  )
}
