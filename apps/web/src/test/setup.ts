import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'react-hot-toast/headless'
import { afterEach, beforeEach, vi } from 'vitest'
import en from '../locales/en.json'
import lt from '../locales/lt.json'
import { useAuthStore } from '../shared/auth/store'
import i18n from '../shared/i18n'
import { installDialogShim } from './dialog'

// A lazily loaded screen can take seconds to appear while the API suites load both CPUs (or
// another process takes one): waits for what the user sees get fifteen seconds before they fail,
// within the test's own limit (vitest.config.ts).
configure({ asyncUtilTimeout: 15_000 })

// The app fetches the texts of the active language; tests have both at hand.
i18n.addResources('en', en)
i18n.addResources('lt', lt)

// jsdom has no matchMedia; react-hot-toast reads prefers-reduced-motion through it.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  })
}

installDialogShim()

// jsdom does not scroll.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo

beforeEach(async () => {
  useAuthStore.getState().clear()
  await i18n.changeLanguage('en')
  localStorage.clear()
  sessionStorage.clear()
})

afterEach(() => {
  cleanup()
  toast.remove()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})
