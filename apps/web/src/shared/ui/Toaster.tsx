import { createPortal } from 'react-dom'
import { resolveValue, type Toast, useToaster } from 'react-hot-toast/headless'
import { TOAST_DURATION_MS } from '../config'
import { useTranslation } from '../i18n'
import { useDialogHost } from './dialogHost'
import { notify } from './toast'

type Variant = 'success' | 'error' | 'info'

function variantOf(toast: Toast): Variant {
  if (toast.type === 'success') return 'success'
  if (toast.type === 'error') return 'error'
  return 'info'
}

const styles: Record<Variant, { box: string; icon: string }> = {
  success: { box: 'border-emerald-200', icon: 'bg-emerald-100 text-emerald-700' },
  error: { box: 'border-red-200', icon: 'bg-red-100 text-red-700' },
  info: { box: 'border-sky-200', icon: 'bg-sky-100 text-sky-700' },
}

function Icon({ variant }: { variant: Variant }) {
  const paths: Record<Variant, string> = {
    success: 'M5 10.5l3 3 7-7',
    error: 'M10 6v5m0 3h.01',
    info: 'M10 9v5m0-8h.01',
  }
  return (
    <span
      className={`flex size-7 shrink-0 items-center justify-center rounded-full ${styles[variant].icon}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={paths[variant]} />
      </svg>
    </span>
  )
}

/**
 * Renders react-hot-toast's headless state with Tailwind: 3 seconds, success, error and info
 * variants, placed where they cover none of the header's controls (its account, sign-out and
 * language buttons): at the bottom on a phone, below the header (top right) from `sm` up. The live region is always mounted so screen readers announce new toasts.
 * While a modal dialog is open the toasts render inside it, the only place above its backdrop.
 */
export function Toaster() {
  const { t } = useTranslation()
  const { toasts, handlers } = useToaster({ duration: TOAST_DURATION_MS })
  const dialog = useDialogHost()

  const region = (
    <section
      aria-label={t('toast.region')}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:top-16 sm:bottom-auto sm:justify-end sm:pb-4"
    >
      <div
        role="status"
        aria-live="polite"
        className="flex w-full max-w-sm flex-col gap-2"
        onMouseEnter={handlers.startPause}
        onMouseLeave={handlers.endPause}
      >
        {toasts.map((toast) => {
          const variant = variantOf(toast)
          return (
            <div
              key={toast.id}
              className={`pointer-events-auto flex items-start gap-3 rounded-xl border bg-white p-3 pr-2 text-sm text-slate-800 shadow-lg transition-opacity duration-200 motion-reduce:transition-none ${styles[variant].box} ${toast.visible ? 'opacity-100' : 'opacity-0'}`}
            >
              <Icon variant={variant} />
              <p className="flex-1 self-center break-words">{resolveValue(toast.message, toast)}</p>
              <button
                type="button"
                onClick={() => notify.dismiss(toast.id)}
                className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
                aria-label={t('toast.dismiss')}
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                  <path d="M5.3 5.3a1 1 0 011.4 0L10 8.6l3.3-3.3a1 1 0 111.4 1.4L11.4 10l3.3 3.3a1 1 0 01-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 01-1.4-1.4L8.6 10 5.3 6.7a1 1 0 010-1.4z" />
                </svg>
              </button>
            </div>
          )
        })}
      </div>
    </section>
  )
  return dialog ? createPortal(region, dialog) : region
}
