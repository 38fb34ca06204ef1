// The staff session of the back office, kept as the customer app keeps its own (a persisted
// Zustand record plus plain localStorage mirrors read by the token refresh across tabs), under
// keys of its own: a staff session and a customer session never mix.
import type { Staff, StaffAuthResponse } from '@shop/contract'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { readMirroredTokens, writeMirror } from '../../shared/auth/token-mirror'

export const ADMIN_AUTH_STORAGE_KEY = 'admin-auth-storage'

/** Plain localStorage mirrors of the staff tokens, read by a refresh in any tab. */
export const ADMIN_STORAGE_KEYS = {
  accessToken: 'admin_access_token',
  refreshToken: 'admin_refresh_token',
} as const

export interface AdminAuthState {
  staff: Staff | null
  accessToken: string | null
  refreshToken: string | null
  isAuthenticated: boolean
  /** Stores a sign-in (login or setup confirmation). */
  setAuth: (auth: StaffAuthResponse) => void
  /** Stores tokens from a refresh; the refresh token is kept when none is given. */
  setTokens: (accessToken: string, refreshToken?: string | null) => void
  /** Updates who is signed in (GET /auth/me: the role may have changed). */
  setStaff: (staff: Staff) => void
  /** Signs out locally: forgets the staff member and both tokens. */
  clear: () => void
}

/** The staff tokens last written by any tab. */
export function readStoredAdminTokens(): {
  accessToken: string | null
  refreshToken: string | null
} {
  return readMirroredTokens(ADMIN_STORAGE_KEYS)
}

export const useAdminAuth = create<AdminAuthState>()(
  persist(
    (set, get) => ({
      staff: null,
      accessToken: null,
      refreshToken: null,
      isAuthenticated: false,
      setAuth: ({ staff, access_token, refresh_token }) => {
        writeMirror(ADMIN_STORAGE_KEYS.accessToken, access_token)
        writeMirror(ADMIN_STORAGE_KEYS.refreshToken, refresh_token)
        set({
          staff,
          accessToken: access_token,
          refreshToken: refresh_token,
          isAuthenticated: true,
        })
      },
      setTokens: (accessToken, refreshToken) => {
        const nextRefresh = refreshToken ?? get().refreshToken
        writeMirror(ADMIN_STORAGE_KEYS.accessToken, accessToken)
        writeMirror(ADMIN_STORAGE_KEYS.refreshToken, nextRefresh)
        set({ accessToken, refreshToken: nextRefresh, isAuthenticated: true })
      },
      setStaff: (staff) => set({ staff }),
      clear: () => {
        writeMirror(ADMIN_STORAGE_KEYS.accessToken, null)
        writeMirror(ADMIN_STORAGE_KEYS.refreshToken, null)
        set({ staff: null, accessToken: null, refreshToken: null, isAuthenticated: false })
      },
    }),
    {
      name: ADMIN_AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ staff, accessToken, refreshToken, isAuthenticated }) => ({
        staff,
        accessToken,
        refreshToken,
        isAuthenticated,
      }),
    },
  ),
)

// Keep tabs in step: a sign-in, a refresh or a sign-out in another tab is adopted here.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === ADMIN_AUTH_STORAGE_KEY) void useAdminAuth.persist.rehydrate()
  })
}
