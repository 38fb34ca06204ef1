import { queryOptions, useQuery } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { useNavigate } from 'react-router'
import { adminCall } from '../api/call'
import { useAdminAuth } from './store'

export const meQueryOptions = queryOptions({
  queryKey: ['admin', 'me'],
  queryFn: ({ signal }) => adminCall('GET /api/admin/auth/me', { signal }),
  staleTime: 60_000,
})

/**
 * Who is signed in: the stored record at once, then GET /auth/me (an owner may have changed the
 * role since the sign-in), which is kept in the store.
 */
export function useStaff() {
  const stored = useAdminAuth((state) => state.staff)
  const me = useQuery(meQueryOptions)
  useEffect(() => {
    if (me.data) useAdminAuth.getState().setStaff(me.data)
  }, [me.data])
  return me.data ?? stored
}

/** Signs out: tells the server (best effort), forgets the session and shows the sign-in page. */
export function useAdminLogout(): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    if (useAdminAuth.getState().accessToken) {
      // The call reads the token synchronously, before the store is cleared below.
      adminCall('POST /api/admin/auth/logout', { handleAuthErrors: false }).catch(() => undefined)
    }
    useAdminAuth.getState().clear()
    navigate('/login', { replace: true })
  }, [navigate])
}
