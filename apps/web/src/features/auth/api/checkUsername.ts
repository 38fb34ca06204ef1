import { call } from '../../../shared/api/call'

/** GET /api/auth/web/check-username/:username: whether a valid username is still free. */
export function checkUsername(username: string) {
  return call('GET /api/auth/web/check-username/:username', { params: { username } })
}
