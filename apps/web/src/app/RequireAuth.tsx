import { Navigate, Outlet, useLocation } from 'react-router'
import { useAuthStore } from '../shared/auth/store'

/** Route guard for signed-in screens: anonymous visitors go to /login. */
export function RequireAuth() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated)
  const location = useLocation()
  if (!isAuthenticated) {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />
  }
  return <Outlet />
}
