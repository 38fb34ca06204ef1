import { CRYPTO_CONFIRMATION_MINUTES } from '../../../shared/config'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { CoinIcon, WalletIcon } from '../../../shared/ui/icons'

/** What the customer pays with: the balance, or a crypto payment in SOL or USDC. */
export type CheckoutChoice = 'balance' | 'crypto' | 'usdc'

interface PaymentMethodChoiceProps {
  value: CheckoutChoice | null
  onChange: (choice: CheckoutChoice) => void
  balance: number | undefined
  /** Whether the shop takes USDC now (GET /api/config's usdc_accepted). */
  usdc: boolean
  errorId?: string
  invalid?: boolean
}

const OPTIONS = [
  { method: 'balance', Icon: WalletIcon },
  { method: 'crypto', Icon: CoinIcon },
  { method: 'usdc', Icon: CoinIcon },
] as const

/** Radio cards for the payment methods: balance, SOL, and USDC when the shop takes it. */
export function PaymentMethodChoice({
  value,
  onChange,
  balance,
  usdc,
  errorId,
  invalid,
}: PaymentMethodChoiceProps) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <fieldset aria-describedby={invalid ? errorId : undefined}>
      <legend className="mb-3 font-semibold text-lg text-slate-900">
        {t('checkout.method.title')}
      </legend>
      <div className={`grid gap-3 sm:grid-cols-2 ${usdc ? 'xl:grid-cols-3' : ''}`}>
        {OPTIONS.filter(({ method }) => usdc || method !== 'usdc').map(({ method, Icon }) => {
          const checked = value === method
          const detail =
            method === 'balance'
              ? balance === undefined
                ? t('common.loading')
                : t('checkout.method.balanceAvailable', { amount: format.eur(balance) })
              : t(
                  method === 'usdc' ? 'checkout.method.usdcDetail' : 'checkout.method.cryptoDetail',
                  {
                    min: CRYPTO_CONFIRMATION_MINUTES.min,
                    max: CRYPTO_CONFIRMATION_MINUTES.max,
                  },
                )
          return (
            <label
              key={method}
              className={`relative flex cursor-pointer gap-3 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-500 has-[:focus-visible]:outline-offset-2 ${
                checked
                  ? 'border-emerald-600 bg-emerald-50'
                  : invalid
                    ? 'border-red-300 bg-white hover:border-red-400'
                    : 'border-slate-200 bg-white hover:border-slate-300'
              }`}
            >
              <input
                type="radio"
                name="payment-method"
                value={method}
                checked={checked}
                onChange={() => onChange(method)}
                className="sr-only"
              />
              <span
                className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${
                  checked ? 'bg-emerald-600 text-white' : 'bg-slate-100 text-slate-600'
                }`}
              >
                <Icon className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">
                  {t(`checkout.method.${method}`)}
                </span>
                <span className="mt-0.5 block text-slate-600 text-sm">{detail}</span>
              </span>
              <span
                aria-hidden="true"
                className={`absolute top-3 right-3 size-4 rounded-full border-2 ${
                  checked
                    ? 'border-emerald-600 bg-emerald-600 ring-2 ring-white ring-inset'
                    : 'border-slate-300'
                }`}
              />
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
