import type { Currency } from '@shop/contract'
import { type FormEvent, useState } from 'react'
import { getErrorMessage } from '../../../shared/api/errors'
import { TOPUP_DEFAULT_EUR, TOPUP_MIN_EUR } from '../../../shared/config'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { type CryptoPaymentDetails, detailsFromTopup } from '../../../shared/payment/details'
import { useConfig } from '../../../shared/queries/config'
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

/**
 * The amount (5 EUR to start with, at least 5), the currency it is paid in (SOL, or USDC when
 * the shop takes it) and the button that starts the top-up.
 */
export function TopupForm({ onStarted, initialAmount = TOPUP_DEFAULT_EUR }: TopupFormProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const topup = useStartTopup()
  const { data: config } = useConfig()
  const [currency, setCurrency] = useState<Currency>('SOL')
  const usdc = config?.usdc_accepted ?? false
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
    topup.mutate(
      { amountEur: parsed.amount, currency: usdc ? currency : 'SOL' },
      {
        onSuccess: (response) => onStarted(detailsFromTopup(response)),
        onError: (error) => notify.error(getErrorMessage(error, t)),
      },
    )
  }

  return (
    <CardSection titleId="topup-title" title={t('balance.topupTitle')}>
      <p className="mt-1 text-slate-600 text-sm">
        {t(usdc ? 'balance.topupTextUsdc' : 'balance.topupText')}
      </p>
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
        {usdc ? <CurrencyChoice value={currency} onChange={setCurrency} /> : null}
        <Button type="submit" loading={topup.isPending}>
          {t('balance.topupSubmit')}
        </Button>
      </form>
    </CardSection>
  )
}

const CURRENCIES: readonly Currency[] = ['SOL', 'USDC']

/** SOL or USDC, as two radio buttons side by side. */
function CurrencyChoice({
  value,
  onChange,
}: {
  value: Currency
  onChange: (currency: Currency) => void
}) {
  const { t } = useTranslation()
  return (
    <fieldset>
      <legend className="mb-1.5 font-medium text-slate-700 text-sm">
        {t('balance.currency.label')}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {CURRENCIES.map((currency) => (
          <label
            key={currency}
            className={`flex cursor-pointer flex-col rounded-lg border-2 px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-500 has-[:focus-visible]:outline-offset-2 ${
              value === currency
                ? 'border-emerald-600 bg-emerald-50'
                : 'border-slate-200 bg-white hover:border-slate-300'
            }`}
          >
            <input
              type="radio"
              name="topup-currency"
              value={currency}
              checked={value === currency}
              onChange={() => onChange(currency)}
              className="sr-only"
            />
            <span className="font-semibold text-slate-900">{currency}</span>
            <span className="text-slate-600 text-xs">{t(`balance.currency.${currency}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
