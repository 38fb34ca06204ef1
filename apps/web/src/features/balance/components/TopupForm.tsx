import { type FormEvent, useState } from 'react'
import { getErrorMessage } from '../../../shared/api/errors'
import { TOPUP_DEFAULT_EUR, TOPUP_MIN_EUR } from '../../../shared/config'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { type CryptoPaymentDetails, detailsFromTopup } from '../../../shared/payment/details'
import { Button } from '../../../shared/ui/Button'
import { CardSection } from '../../../shared/ui/Card'
import { TextField } from '../../../shared/ui/Field'
import { notify } from '../../../shared/ui/toast'
import { useStartTopup } from '../api/topup'
import { parseTopupAmount } from '../topupRules'

interface TopupFormProps {
  onStarted: (details: CryptoPaymentDetails) => void
  /** The amount to start with (what a checkout lacks), 5 EUR otherwise. */
  initialAmount?: number
}

/** The amount (5 EUR to start with, at least 5) and the button that starts a SOL top-up. */
export function TopupForm({ onStarted, initialAmount = TOPUP_DEFAULT_EUR }: TopupFormProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const topup = useStartTopup()
  const [amount, setAmount] = useState(() => {
    const text = Number.isInteger(initialAmount) ? String(initialAmount) : initialAmount.toFixed(2)
    return format.lang === 'lt' ? text.replace('.', ',') : text
  })
  const [amountError, setAmountError] = useState<string | null>(null)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseTopupAmount(amount)
    if ('error' in parsed) {
      setAmountError(t(parsed.error, { min: TOPUP_MIN_EUR }))
      return
    }
    setAmountError(null)
    topup.mutate(parsed.amount, {
      onSuccess: (response) => onStarted(detailsFromTopup(response)),
      onError: (error) => notify.error(getErrorMessage(error, t)),
    })
  }

  return (
    <CardSection titleId="topup-title" title={t('balance.topupTitle')}>
      <p className="mt-1 text-slate-600 text-sm">{t('balance.topupText')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-3">
        <TextField
          label={t('balance.amountLabel')}
          hint={t('balance.amountHint', { min: format.eur(TOPUP_MIN_EUR) })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value)
            setAmountError(null)
          }}
          error={amountError}
        />
        <Button type="submit" loading={topup.isPending}>
          {t('balance.topupSubmit')}
        </Button>
      </form>
    </CardSection>
  )
}
