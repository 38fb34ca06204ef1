import { useSyncExternalStore } from 'react'

// An open modal dialog sits in the browser's top layer, above everything else in the page, and
// makes the rest of the page inert. What must stay visible and usable above it (the toasts)
// renders inside the topmost open dialog; Modal registers each dialog while it is open.

let hosts: readonly HTMLElement[] = []
const listeners = new Set<() => void>()

function update(next: readonly HTMLElement[]): void {
  hosts = next
  for (const listener of listeners) listener()
}

export function addDialogHost(element: HTMLElement): void {
  update([...hosts, element])
}

export function removeDialogHost(element: HTMLElement): void {
  update(hosts.filter((host) => host !== element))
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The topmost open modal dialog, or null when none is open. */
export function useDialogHost(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => hosts[hosts.length - 1] ?? null,
    () => null,
  )
}
