import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { createQueryClient } from '../../shared/api/queryClient'
import { Toaster } from '../../shared/ui/Toaster'
import { useAdminAuth } from '../auth/store'

/** The back office's query client and toasts; a session that ends drops every cached answer. */
export function AdminProviders({
  children,
  client,
}: {
  children: ReactNode
  client?: QueryClient
}) {
  const [queryClient] = useState(() => client ?? createQueryClient())
  useEffect(
    () =>
      useAdminAuth.subscribe((state, previous) => {
        if (previous.isAuthenticated && !state.isAuthenticated) queryClient.clear()
      }),
    [queryClient],
  )
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  )
}
