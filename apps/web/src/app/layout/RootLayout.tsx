import { type ReactNode, Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { SkipLink } from '../../shared/ui/SkipLink'
import { PageSpinner } from '../../shared/ui/Spinner'
import { RouteErrorBoundary } from '../RouteErrorBoundary'
import { Footer } from './Footer'
import { Header } from './Header'
import { useHeadingFocus } from './useHeadingFocus'

/** Skip link, header, main content and footer: the frame of every screen. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  )
}

/** The layout route: the current page inside the shell, loaded on demand. */
export function RootLayout() {
  const { pathname } = useLocation()
  useHeadingFocus()
  return (
    <AppShell>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </AppShell>
  )
}
