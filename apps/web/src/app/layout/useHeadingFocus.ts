import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** How long a new screen may take to show its heading (a page loaded on demand, then its data). */
const WAIT_FOR_HEADING_MS = 10_000

/** Focuses the heading, made focusable by script (not by Tab); false when there is none yet. */
function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1')
  if (!heading) return false
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus()
  return true
}

/**
 * After a navigation to another path (not on the first load, not when only the query changes, as
 * when paging), moves focus to the new screen's h1, so that the next Tab starts in the new
 * content and a screen reader announces where the user landed. A screen that shows its heading
 * only once loaded is waited for.
 */
export function useHeadingFocus(): void {
  const { pathname } = useLocation()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    const main = document.getElementById('main')
    if (!main || focusHeading(main)) return
    const observer = new MutationObserver(() => {
      if (focusHeading(main)) observer.disconnect()
    })
    observer.observe(main, { childList: true, subtree: true })
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS)
    return () => {
      observer.disconnect()
      window.clearTimeout(timer)
    }
  }, [pathname])
}
