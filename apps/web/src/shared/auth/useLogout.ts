import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { call } from '../api/call'
import { useAuthStore } from './store'

/** Signs out: tells the server (best effort), forgets the session locally and goes to /login. */
export function useLogout(): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    if (useAuthStore.getState().accessToken) {
      // The call reads the token synchronously, before the store is cleared below.
      call('POST /api/auth/logout', { handleAuthErrors: false }).catch(() => undefined)
    }
    // Clearing the session also empties the query cache (see app/providers.tsx).
    useAuthStore.getState().clear()
    navigate('/login', { replace: true })
  }, [navigate])
}
