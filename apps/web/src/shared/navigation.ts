// A small bridge so code outside React (the API client) can navigate with the app's router.
// The router registers itself at start-up (see app/router.tsx); until then a full page load is used.

export interface NavigateOptions {
  replace?: boolean
}

export interface Navigator {
  navigate: (to: string, options?: NavigateOptions) => void
  getPathname: () => string
}

let current: Navigator | null = null

export function setNavigator(navigator: Navigator | null): void {
  current = navigator
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (current) {
    current.navigate(to, options)
    return
  }
  if (typeof window !== 'undefined') {
    if (options?.replace) window.location.replace(to)
    else window.location.assign(to)
  }
}

export function currentPathname(): string {
  if (current) return current.getPathname()
  return typeof window === 'undefined' ? '/' : window.location.pathname
}
