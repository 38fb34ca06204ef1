import { lazy } from 'react'
import { Navigate, type RouteObject, useRoutes } from 'react-router'
import { useRouterNavigator } from '../../shared/useRouterNavigator'
import { AdminLayout } from './AdminLayout'
import { Home, RequireGuest, RequireOwner, RequireStaff } from './guards'

// Every screen is its own chunk, loaded when its route is first visited.
const SetupPage = lazy(() =>
  import('../setup/SetupPage').then((module) => ({ default: module.SetupPage })),
)
const LoginPage = lazy(() =>
  import('../login/LoginPage').then((module) => ({ default: module.LoginPage })),
)
const DashboardScreen = lazy(() =>
  import('./DashboardScreen').then((module) => ({ default: module.DashboardScreen })),
)
const ProductsPage = lazy(() =>
  import('../products/ProductsPage').then((module) => ({ default: module.ProductsPage })),
)
const ProductPage = lazy(() =>
  import('../products/ProductPage').then((module) => ({ default: module.ProductPage })),
)
const ImportPage = lazy(() =>
  import('../products/ImportPage').then((module) => ({ default: module.ImportPage })),
)
const BooksPage = lazy(() =>
  import('../books/BooksPage').then((module) => ({ default: module.BooksPage })),
)
const PlacesPage = lazy(() =>
  import('../places/PlacesPage').then((module) => ({ default: module.PlacesPage })),
)
const CouponsPage = lazy(() =>
  import('../coupons/CouponsPage').then((module) => ({ default: module.CouponsPage })),
)
const FaqPage = lazy(() => import('../faq/FaqPage').then((module) => ({ default: module.FaqPage })))
const CategoriesPage = lazy(() =>
  import('../categories/CategoriesPage').then((module) => ({ default: module.CategoriesPage })),
)
const StaffPage = lazy(() =>
  import('../staff/StaffPage').then((module) => ({ default: module.StaffPage })),
)
const AuditPage = lazy(() =>
  import('../audit/AuditPage').then((module) => ({ default: module.AuditPage })),
)
const BackupsPage = lazy(() =>
  import('../backups/BackupsPage').then((module) => ({ default: module.BackupsPage })),
)
const CustomersPage = lazy(() =>
  import('../customers/CustomersPage').then((module) => ({ default: module.CustomersPage })),
)
const CustomerPage = lazy(() =>
  import('../customers/CustomerPage').then((module) => ({ default: module.CustomerPage })),
)
const PaymentsPage = lazy(() =>
  import('../payments/PaymentsPage').then((module) => ({ default: module.PaymentsPage })),
)
const PaymentPage = lazy(() =>
  import('../payments/PaymentPage').then((module) => ({ default: module.PaymentPage })),
)
const TransfersPage = lazy(() =>
  import('../transfers/TransfersPage').then((module) => ({ default: module.TransfersPage })),
)
const OrdersPage = lazy(() =>
  import('../orders/OrdersPage').then((module) => ({ default: module.OrdersPage })),
)
const OrderPage = lazy(() =>
  import('../orders/OrderPage').then((module) => ({ default: module.OrderPage })),
)
const TicketsPage = lazy(() =>
  import('../tickets/TicketsPage').then((module) => ({ default: module.TicketsPage })),
)
const TicketPage = lazy(() =>
  import('../tickets/TicketPage').then((module) => ({ default: module.TicketPage })),
)

/** The back office's routes, relative to /admin. */
export const adminRoutes: RouteObject[] = [
  // The setup link works signed in or not: it creates another account.
  { path: 'setup', element: <SetupPage /> },
  { element: <RequireGuest />, children: [{ path: 'login', element: <LoginPage /> }] },
  {
    element: <RequireStaff />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <Home /> },
          { path: 'faq', element: <FaqPage /> },
          { path: 'customers', element: <CustomersPage /> },
          { path: 'customers/:id', element: <CustomerPage /> },
          { path: 'orders', element: <OrdersPage /> },
          { path: 'orders/:code', element: <OrderPage /> },
          { path: 'tickets', element: <TicketsPage /> },
          { path: 'tickets/:id', element: <TicketPage /> },
          {
            element: <RequireOwner />,
            children: [
              { path: 'dashboard', element: <DashboardScreen /> },
              { path: 'products', element: <ProductsPage /> },
              { path: 'products/new', element: <ProductPage /> },
              { path: 'products/import', element: <ImportPage /> },
              { path: 'products/:id', element: <ProductPage /> },
              { path: 'places', element: <PlacesPage /> },
              { path: 'coupons', element: <CouponsPage /> },
              { path: 'payments', element: <PaymentsPage /> },
              { path: 'payments/:code', element: <PaymentPage /> },
              { path: 'transfers', element: <TransfersPage /> },
              { path: 'books', element: <BooksPage /> },
              { path: 'categories', element: <CategoriesPage /> },
              { path: 'staff', element: <StaffPage /> },
              { path: 'audit', element: <AuditPage /> },
              { path: 'backups', element: <BackupsPage /> },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]

/**
 * The routes for <BrowserRouter basename="/admin">; the router is also the navigation bridge for
 * the API client (a session that ends goes to the sign-in page).
 */
export function AdminRoutes() {
  useRouterNavigator()
  return useRoutes(adminRoutes)
}
