import type { ReactNode } from 'react'
import { useTranslation } from '../i18n'
import { Button } from './Button'

type AlertTone = 'error' | 'warning' | 'info' | 'success'

const tones: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
}

interface AlertProps {
  tone?: AlertTone
  children: ReactNode
  /** Announce at once (role="alert") rather than politely (role="status"). */
  assertive?: boolean
  className?: string
}

/** A message box. Errors and warnings are announced when they appear. */
export function Alert({ tone = 'info', children, assertive, className = '' }: AlertProps) {
  const announceAtOnce = assertive ?? (tone === 'error' || tone === 'warning')
  const role = announceAtOnce ? 'alert' : 'status'
  return (
    <div role={role} className={`rounded-xl border px-4 py-3 text-sm ${tones[tone]} ${className}`}>
      {children}
    </div>
  )
}

/** A load that failed: its text and a retry button. */
export function RetryAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert tone="error">
      <p>{text}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  )
}
