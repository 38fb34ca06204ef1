import { Navigate, Outlet, useLocation } from 'react-router'
import { useAuthStore } from '../shared/auth/store'

/**
 * Route guard for signed-in screens: anonymous visitors go to /login. A screen whose session the
 * server has just ended goes to / instead, where the API client sends it too: the two redirects
 * race (the landing page loads lazily), and they must agree.
 */
export function RequireAuth() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated)
  const endedBy = useAuthStore((state) => state.endedBy)
  const location = useLocation()
  if (!isAuthenticated) {
    if (endedBy === 'revoked') return <Navigate to="/" replace />
    return <Navigate to="/login" replace state={{ from: location.pathname }} />
  }
  return <Outlet />
}
