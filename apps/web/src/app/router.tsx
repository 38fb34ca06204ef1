import { lazy } from 'react'
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router'
import { AUTHENTICATED_HOME } from '../shared/config'
import { useRouterNavigator } from '../shared/useRouterNavigator'
import { RootLayout } from './layout/RootLayout'
import { RequireAuth } from './RequireAuth'
import { RequireGuest } from './RequireGuest'
import { RouteError } from './RouteError'

// Every page is loaded when its route is first visited, with its feature's file (the screens of one
// feature folder share a file: vite.config.ts).
const LandingPage = lazy(() =>
  import('../features/landing/LandingPage').then((module) => ({ default: module.LandingPage })),
)
const LoginPage = lazy(() =>
  import('../features/auth/LoginPage').then((module) => ({ default: module.LoginPage })),
)
const RegisterPage = lazy(() =>
  import('../features/auth/RegisterPage').then((module) => ({ default: module.RegisterPage })),
)
const ProductsPage = lazy(() =>
  import('../features/products/ProductsPage').then((module) => ({ default: module.ProductsPage })),
)
const ProductPage = lazy(() =>
  import('../features/products/ProductPage').then((module) => ({ default: module.ProductPage })),
)
const CartPage = lazy(() =>
  import('../features/cart/CartPage').then((module) => ({ default: module.CartPage })),
)
const CheckoutPage = lazy(() =>
  import('../features/checkout/CheckoutPage').then((module) => ({ default: module.CheckoutPage })),
)
const BalancePage = lazy(() =>
  import('../features/balance/BalancePage').then((module) => ({ default: module.BalancePage })),
)
const OrdersPage = lazy(() =>
  import('../features/orders/OrdersPage').then((module) => ({ default: module.OrdersPage })),
)
const OrderPage = lazy(() =>
  import('../features/orders/OrderPage').then((module) => ({ default: module.OrderPage })),
)
const SupportPage = lazy(() =>
  import('../features/support/SupportPage').then((module) => ({ default: module.SupportPage })),
)
const FaqPage = lazy(() =>
  import('../features/faq/FaqPage').then((module) => ({ default: module.FaqPage })),
)
const ProfilePage = lazy(() =>
  import('../features/profile/ProfilePage').then((module) => ({ default: module.ProfilePage })),
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
      {
        // Anonymous only; a signed-in user is sent to /.
        element: <RequireGuest />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
        ],
      },
      {
        // Signed-in only; anonymous visitors are sent to /login.
        element: <RequireAuth />,
        children: [
          { path: 'products', element: <ProductsPage /> },
          { path: 'products/:id', element: <ProductPage /> },
          { path: 'cart', element: <CartPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: 'balance', element: <BalancePage /> },
          { path: 'orders', element: <OrdersPage /> },
          { path: 'orders/:code', element: <OrderPage /> },
          { path: 'support', element: <SupportPage /> },
          { path: 'profile', element: <ProfilePage /> },
        ],
      },
      // Everyone: visitors read the FAQ before they have an account.
      { path: 'faq', element: <FaqPage /> },
      { path: '*', element: <CatchAll /> },
    ],
  },
]

/**
 * The app's routes for a declarative <BrowserRouter>. The declarative API keeps the data-router
 * machinery (loaders, actions, fetchers), which the app does not use, out of the bundle; the
 * router also registers itself as the navigation bridge for code outside React (the API client).
 */
export function AppRoutes() {
  useRouterNavigator()
  return useRoutes(routes)
}
