import type { AuthResponse, User } from '@shop/contract'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { readMirroredTokens, writeMirror } from './token-mirror'

export type { User }

/** A login or register response. */
export type AuthPayload = AuthResponse

export interface AuthState {
  user: User | null
  accessToken: string | null
  refreshToken: string | null
  isAuthenticated: boolean
  /** Stores a login or register response. */
  setAuth: (auth: AuthPayload) => void
  /** Stores tokens from a refresh; the refresh token is kept when none is given. */
  setTokens: (accessToken: string, refreshToken?: string | null) => void
  /**
   * Why the last sign-out happened, in memory only: 'revoked' when the server ended the session
   * (a 403), so that a guarded screen still on show sends its visitor to / as the app does, not
   * to /login (see RequireAuth). A sign-in or any other sign-out resets it.
   */
  endedBy: 'revoked' | null
  /** Signs out locally: forgets the user and both tokens. */
  clear: (reason?: 'revoked') => void
}

export const AUTH_STORAGE_KEY = 'auth-storage'

/** Plain localStorage mirrors of the session (specification, section 3 "Locally stored"). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  user: 'user',
} as const

/** Reads the tokens last written by any tab. */
export function readStoredTokens(): { accessToken: string | null; refreshToken: string | null } {
  return readMirroredTokens(STORAGE_KEYS)
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      user: null,
      accessToken: null,
      refreshToken: null,
      isAuthenticated: false,
      endedBy: null,
      setAuth: ({ user, access_token, refresh_token }) => {
        writeMirror(STORAGE_KEYS.accessToken, access_token)
        writeMirror(STORAGE_KEYS.refreshToken, refresh_token)
        writeMirror(STORAGE_KEYS.user, JSON.stringify(user))
        set({
          user,
          accessToken: access_token,
          refreshToken: refresh_token,
          isAuthenticated: true,
          endedBy: null,
        })
      },
      setTokens: (accessToken, refreshToken) => {
        const nextRefresh = refreshToken ?? get().refreshToken
        writeMirror(STORAGE_KEYS.accessToken, accessToken)
        writeMirror(STORAGE_KEYS.refreshToken, nextRefresh)
        set({ accessToken, refreshToken: nextRefresh, isAuthenticated: true })
      },
      clear: (reason) => {
        writeMirror(STORAGE_KEYS.accessToken, null)
        writeMirror(STORAGE_KEYS.refreshToken, null)
        writeMirror(STORAGE_KEYS.user, null)
        set({
          user: null,
          accessToken: null,
          refreshToken: null,
          isAuthenticated: false,
          endedBy: reason ?? null,
        })
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, accessToken, refreshToken, isAuthenticated }) => ({
        user,
        accessToken,
        refreshToken,
        isAuthenticated,
      }),
    },
  ),
)

// Keep tabs in step: when another tab signs in, refreshes tokens or signs out, adopt its record.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY) void useAuthStore.persist.rehydrate()
  })
}

/** The name shown in the header: the first name, else the username. */
export function displayName(user: User | null): string {
  if (!user) return ''
  // The record comes from localStorage: do not trust it to be complete.
  return user.first_name?.trim() || user.username || ''
}
