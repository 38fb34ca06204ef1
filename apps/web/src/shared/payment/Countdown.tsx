import { COUNTDOWN_WARNING_SECONDS } from '../config'
import { formatCountdown } from '../format'
import { useTranslation } from '../i18n'
import { useCountdown } from './useCountdown'

interface CountdownProps {
  expiresAt: string
  onExpire: () => void
}

/** The time left to pay, as m:ss; red under 60 seconds. */
export function Countdown({ expiresAt, onExpire }: CountdownProps) {
  const { t } = useTranslation()
  const seconds = useCountdown(expiresAt, onExpire)
  const warning = seconds < COUNTDOWN_WARNING_SECONDS
  return (
    <div
      className={`flex items-center justify-between gap-3 rounded-xl border px-4 py-3 ${
        warning ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-slate-50'
      }`}
    >
      <span className="text-slate-700 text-sm">{t('payment.timeLeft')}</span>
      <span
        role="timer"
        data-warning={warning || undefined}
        className={`font-bold font-mono text-xl tabular-nums ${warning ? 'text-red-700' : 'text-slate-900'}`}
      >
        {formatCountdown(seconds)}
      </span>
    </div>
  )
}
