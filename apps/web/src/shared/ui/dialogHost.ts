import { create } from 'zustand'

// An open modal dialog sits in the browser's top layer, above everything else in the page, and
// makes the rest of the page inert. What must stay visible and usable above it (the toasts)
// renders inside the topmost open dialog; Modal registers each dialog while it is open.

export const useDialogHosts = create<{ hosts: readonly HTMLElement[] }>(() => ({ hosts: [] }))

export function addDialogHost(element: HTMLElement): void {
  useDialogHosts.setState(({ hosts }) => ({ hosts: [...hosts, element] }))
}

export function removeDialogHost(element: HTMLElement): void {
  useDialogHosts.setState(({ hosts }) => ({ hosts: hosts.filter((host) => host !== element) }))
}

/** The topmost open modal dialog, or null when none is open. */
export function useDialogHost(): HTMLElement | null {
  return useDialogHosts(({ hosts }) => hosts[hosts.length - 1] ?? null)
}
