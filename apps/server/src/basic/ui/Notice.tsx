// A framed notice inside a page (the app's shared/ui/Alert): warnings and errors are announced
// when the page loads, the others read in their place.
import type { ReactNode } from 'react'

export type NoticeTone = 'info' | 'success' | 'warning' | 'error'

const tones: Record<NoticeTone, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-800',
}

export function Notice({
  tone,
  children,
  className = '',
}: {
  tone: NoticeTone
  children: ReactNode
  className?: string
}) {
  const role = tone === 'warning' || tone === 'error' ? 'alert' : 'status'
  return (
    <div role={role} className={`rounded-xl border px-4 py-3 text-sm ${tones[tone]} ${className}`}>
      {children}
    </div>
  )
}
