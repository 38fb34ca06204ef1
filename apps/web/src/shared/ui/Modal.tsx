import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from '../i18n'
import { addDialogHost, removeDialogHost } from './dialogHost'
import { CrossIcon } from './icons'

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
  'select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

interface ModalProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  /** Receives focus when the dialog opens; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>
  size?: 'md' | 'lg'
}

/**
 * A modal dialog: the native <dialog> opened with showModal(), so the page behind is inert (and
 * does not scroll, index.css) and Escape and the close button close it; focus moves in when it
 * opens and returns to the element that opened it when it closes. The toasts show inside it
 * (dialogHost.ts).
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null
  return <OpenModal {...props} />
}

function OpenModal({
  onClose,
  title,
  description,
  children,
  initialFocusRef,
  size = 'md',
}: ModalProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const descriptionId = useId()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  // A layout effect, so that the dialog is closed (and focus given back) before React removes it.
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    dialog.showModal()
    // The first field or button of the content, else the dialog itself (never the close button,
    // which showModal() would pick, so that typing can start at once).
    const first = bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE)
    ;(initialFocusRef?.current ?? first ?? dialog).focus()
    // Escape: the parent decides, by closing through its state.
    const onCancel = (event: Event) => {
      event.preventDefault()
      onCloseRef.current()
    }
    dialog.addEventListener('cancel', onCancel)
    addDialogHost(dialog)
    return () => {
      removeDialogHost(dialog)
      dialog.removeEventListener('cancel', onCancel)
      dialog.close()
    }
  }, [initialFocusRef])

  // The native dialog lets Tab go on from its last control to the browser's own controls; the
  // shop's dialogs wrap around to their first control instead, and back with Shift+Tab.
  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    const dialog = dialogRef.current
    if (event.key !== 'Tab' || !dialog) return
    // What Tab can reach: not the controls of a closed <details>.
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (item) => item.checkVisibility?.() ?? true,
    )
    const edge = event.shiftKey ? items[0] : items[items.length - 1]
    if (edge && document.activeElement === edge) {
      event.preventDefault()
      ;(event.shiftKey ? items[items.length - 1] : items[0])?.focus()
    }
  }

  return createPortal(
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className={`mt-auto mb-0 max-h-[92dvh] w-full max-w-full flex-col overflow-hidden rounded-t-2xl bg-white text-inherit shadow-2xl backdrop:bg-slate-950/60 open:flex focus:outline-none sm:m-auto sm:w-[calc(100%-2rem)] sm:rounded-2xl ${
        size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-lg'
      }`}
    >
      <div className="flex items-start justify-between gap-4 border-slate-200 border-b px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-lg text-slate-900">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-0.5 text-slate-600 text-sm">
              {description}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => onCloseRef.current()}
          className="-mr-2 flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <CrossIcon className="size-5" />
          <span className="sr-only">{t('common.close')}</span>
        </button>
      </div>
      <div ref={bodyRef} className="overflow-y-auto px-5 py-5 sm:px-6">
        {children}
      </div>
    </dialog>,
    document.body,
  )
}
