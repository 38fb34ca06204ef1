import type { Payment } from '@shop/contract'
import type { QueryObserverResult } from '@tanstack/react-query'
import { useState } from 'react'
import { type CryptoCurrency, fromBaseUnits } from '../format'
import { useTranslation } from '../i18n'
import { useFormat } from '../i18n/useFormat'

type Outcome = { at: Date } & ({ failed: true } | { failed: false; payment: Payment })

/**
 * "Check now" and what it found. A confirmed payment leaves the screen, so what stays to be said
 * is that nothing (or only part) has arrived yet at that time, or that the check failed.
 */
export function useCheckNow(check: () => Promise<QueryObserverResult<Payment>>) {
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [running, setRunning] = useState(false)
  return {
    outcome,
    running,
    run: async () => {
      setRunning(true)
      const result = await check().finally(() => setRunning(false))
      const at = new Date()
      setOutcome(
        result.data && !result.isError
          ? { at, failed: false, payment: result.data }
          : { at, failed: true },
      )
    },
  }
}

interface CheckResultProps {
  outcome: Outcome | null
  /** The check asked for is running. */
  running: boolean
  /** The payment's currency and what it asks for in it. */
  currency: CryptoCurrency
  amount: number
}

/** The last check's result in words, announced politely to screen readers. */
export function CheckResult({ outcome, running, currency, amount }: CheckResultProps) {
  const { t } = useTranslation()
  const format = useFormat()
  let message: string | null = null
  if (running) message = t('payment.check.running')
  else if (outcome?.failed) message = t('payment.check.failed')
  else if (outcome && outcome.payment.status === 'pending') {
    const time = format.time(outcome.at)
    const received = fromBaseUnits(outcome.payment.received_token_amount, currency)
    message =
      received > 0
        ? t('payment.check.partial', {
            time,
            received: format.crypto(received, currency),
            amount: format.crypto(amount, currency),
          })
        : t('payment.check.nothingYet', { time })
  }
  return (
    <p
      role="status"
      aria-live="polite"
      className={`mt-2 text-sm empty:hidden ${outcome?.failed && !running ? 'text-red-700' : 'text-slate-600'}`}
    >
      {message}
    </p>
  )
}
