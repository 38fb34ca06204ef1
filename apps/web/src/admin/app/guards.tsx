import { Navigate, Outlet, useLocation } from 'react-router'
import { useStaff } from '../auth/session'
import { useAdminAuth } from '../auth/store'
import { Forbidden } from '../ui/Forbidden'
import { navFor } from './nav'

/** Signed-in staff only; anyone else goes to the sign-in page (and comes back after it). */
export function RequireStaff() {
  const isAuthenticated = useAdminAuth((state) => state.isAuthenticated)
  const location = useLocation()
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />
  return <Outlet />
}

/** Signed-out visitors only (the sign-in page); staff go to their first screen. */
export function RequireGuest() {
  const isAuthenticated = useAdminAuth((state) => state.isAuthenticated)
  if (isAuthenticated) return <Navigate to="/" replace />
  return <Outlet />
}

/** The owner's screens: a support account sees why it cannot open them. */
export function RequireOwner() {
  const staff = useStaff()
  if (staff && staff.role !== 'owner') {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <Forbidden />
      </div>
    )
  }
  return <Outlet />
}

/** /admin itself: the first screen the role may open. */
export function Home() {
  const staff = useStaff()
  const first = navFor(staff?.role)[0]
  return <Navigate to={first?.to ?? '/faq'} replace />
}
