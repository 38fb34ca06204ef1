import { Navigate, Outlet } from 'react-router'
import { useAuthStore } from '../shared/auth/store'

interface RequireGuestProps {
  /** Where a signed-in user is sent: /products from the landing page, / from /login and /register. */
  redirectTo?: string
}

/** Route guard for anonymous-only screens. */
export function RequireGuest({ redirectTo = '/' }: RequireGuestProps) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated)
  if (isAuthenticated) return <Navigate to={redirectTo} replace />
  return <Outlet />
}
