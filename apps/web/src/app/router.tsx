import { lazy } from 'react'
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router'
import { AUTHENTICATED_HOME } from '../shared/config'
import { setNavigator } from '../shared/navigation'
import { RootLayout } from './layout/RootLayout'
import { RequireGuest } from './RequireGuest'
import { RouteError } from './RouteError'

// Every page is its own chunk, loaded when its route is first visited.
const LandingPage = lazy(() =>
  import('../features/landing/LandingPage').then((module) => ({ default: module.LandingPage })),
)

/** Unknown paths go to the landing page. */
function CatchAll() {
  const { pathname } = useLocation()
  return <Navigate to="/" replace state={{ redirectedFrom: pathname }} />
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Anonymous only; a signed-in visitor is sent to the products.
        element: <RequireGuest redirectTo={AUTHENTICATED_HOME} />,
        children: [{ index: true, element: <LandingPage /> }],
      },
      // Next screens:
      // - /login and /register under <RequireGuest /> (a signed-in user goes to /);
      // - /products, /cart, /checkout, /balance, /orders, /support, /profile under <RequireAuth />.
      { path: '*', element: <CatchAll /> },
    ],
  },
]

/** The browser router, also registered as the navigation bridge for code outside React. */
export function createAppRouter() {
  const router = createBrowserRouter(routes)
  setNavigator({
    navigate: (to, options) => {
      void router.navigate(to, options)
    },
    getPathname: () => router.state.location.pathname,
  })
  return router
}
