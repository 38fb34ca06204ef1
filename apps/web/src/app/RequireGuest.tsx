import { Navigate, Outlet, useLocation } from 'react-router'
import { useAuthStore } from '../shared/auth/store'

export interface RedirectState {
  /** Set by the catch-all route: the unknown path that sent the user here. */
  redirectedFrom?: string
}

interface RequireGuestProps {
  /** Where a signed-in user is sent: /products from the landing page, / from /login and /register. */
  redirectTo?: string
}

/** Route guard for anonymous-only screens. */
export function RequireGuest({ redirectTo = '/' }: RequireGuestProps) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated)
  const location = useLocation()
  const state = location.state as RedirectState | null

  // If the target itself just bounced back through the catch-all (its screen is not routed yet),
  // stay here instead of redirecting in a loop.
  const targetIsUnrouted = state?.redirectedFrom === redirectTo
  if (isAuthenticated && !targetIsUnrouted) return <Navigate to={redirectTo} replace />
  return <Outlet />
}
