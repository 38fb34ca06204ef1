// What every page of the basic shop knows about its request: the language, the signed-in
// customer (or none), the CSRF token its forms carry, and where it is (for the language switch).
import type { Lang } from '@shop/contract'
import { createContext, useContext } from 'react'
import type { AuthContext } from '../http/route.js'
import type { Flash } from './flash.js'
import type { Translate } from './i18n.js'

export interface PageContext {
  lang: Lang
  t: Translate
  /** The signed-in customer; null for a visitor. */
  auth: AuthContext | null
  /** The synchronizer token every POST form of this page carries (csrf.ts). */
  csrfToken: string
  /** This page's path and query, to come back to after switching the language. */
  path: string
  /** The web app's built stylesheet, or null when the web app is not built. */
  stylesheet: string | null
  /** What the form this page was redirected from did or refused (flash.ts). */
  flash: Flash
}

export const PageContextValue = createContext<PageContext | null>(null)

export function usePage(): PageContext {
  const page = useContext(PageContextValue)
  if (!page) throw new Error('a basic-shop component rendered outside render()')
  return page
}
