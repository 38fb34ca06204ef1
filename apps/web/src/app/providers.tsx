import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import '../shared/i18n'
import { queryClient as appQueryClient } from '../shared/api/queryClient'
import { useAuthStore } from '../shared/auth/store'
import { clearPendingPayments } from '../shared/payment/pendingPayment'
import { Toaster } from '../shared/ui/Toaster'

interface ProvidersProps {
  children: ReactNode
  /** A separate client for tests; the app uses its single shared client. */
  client?: QueryClient
}

export function Providers({ children, client = appQueryClient }: ProvidersProps) {
  // When the session ends (logout, 403, failed refresh) drop every cached response of that user.
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (previous.isAuthenticated && !state.isAuthenticated) {
          client.clear()
          clearPendingPayments()
        }
      }),
    [client],
  )

  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  )
}
