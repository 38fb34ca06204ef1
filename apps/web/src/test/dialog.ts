// jsdom (26) has no HTMLDialogElement.showModal() or close(). This stands in for the parts of the
// HTML standard that the app's modal (shared/ui/Modal.tsx) relies on, so that component tests can
// open dialogs: showModal() opens the dialog and remembers the focused element; close() closes it,
// gives focus back to that element and fires "close"; Escape fires a cancelable "cancel" at the
// topmost modal dialog, then closes it unless the event was cancelled. What it cannot do is make
// the rest of the page inert: Chromium does that, and the browser journeys run in Chromium.

const openModals: HTMLDialogElement[] = []
const focusedBefore = new WeakMap<HTMLDialogElement, Element | null>()

export function installDialogShim(): void {
  const proto = HTMLDialogElement.prototype
  if (typeof proto.showModal === 'function') return

  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError')
    focusedBefore.set(this, document.activeElement)
    this.open = true
    openModals.push(this)
  }

  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return
    this.open = false
    if (returnValue !== undefined) this.returnValue = returnValue
    openModals.splice(openModals.indexOf(this), 1)
    const previous = focusedBefore.get(this)
    focusedBefore.delete(this)
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    this.dispatchEvent(new Event('close'))
  }

  document.addEventListener('keydown', (event) => {
    const top = openModals[openModals.length - 1]
    if (event.key !== 'Escape' || !top || event.defaultPrevented) return
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close()
  })
}
