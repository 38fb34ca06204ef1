import type { StaffAuthResponse } from '@shop/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { meQueryOptions } from './session'
import { useAdminAuth } from './store'

/** Stores a staff sign-in (login or setup confirmation) and opens the back office at `to`. */
export function useStaffSignIn(): (auth: StaffAuthResponse, to?: string) => void {
  const client = useQueryClient()
  const navigate = useNavigate()
  return useCallback(
    (auth, to = '/') => {
      client.clear()
      useAdminAuth.getState().setAuth(auth)
      client.setQueryData(meQueryOptions.queryKey, auth.staff)
      navigate(to, { replace: true })
    },
    [client, navigate],
  )
}
