// The checkout, as the app's (features/checkout): the payment method (balance, SOL or USDC), the order
// summary and Pay. A balance below the total shows the insufficient-balance warning with a link
// to top up; without a script the balance cannot be chosen then, as the app's Pay is disabled.
import {
  type Cart,
  CRYPTO_CONFIRMATION_MINUTES,
  formatEur,
  type PaymentMethod,
  TOPUP_MIN_EUR,
} from '@shop/contract'
import { usePage } from '../page-context.js'
import { BASIC_PATHS } from '../paths.js'
import { CartSummary } from '../ui/CartSummary.js'
import { FormError } from '../ui/Field.js'
import { buttonClass, PostForm } from '../ui/Form.js'
import { Notice } from '../ui/Notice.js'
import { Card, Page } from '../ui/Page.js'

/** What the form's method radio sends: the balance, SOL, or USDC (docs/usdc.md). */
export type CheckoutChoice = PaymentMethod | 'usdc'

export interface CheckoutPageProps {
  cart: Cart
  balanceEur: number
  method?: CheckoutChoice | undefined
  /** Whether the shop takes USDC now (as GET /api/config's usdc_accepted). */
  usdc: boolean
  error?: string | undefined
}

/**
 * The balance page, told to offer the way back here, with what the cart lacks (at least the
 * minimum top-up) as the amount: the app's topUpLink.
 */
function topUpHref(totalEur: number, balanceEur: number): string {
  const missingCents = Math.round(totalEur * 100) - Math.round(balanceEur * 100)
  const amount = Math.max(TOPUP_MIN_EUR * 100, missingCents) / 100
  return `${BASIC_PATHS.balance}?return=checkout&amount=${amount.toFixed(2)}`
}

function MethodOption({
  method,
  detail,
  checked,
  disabled,
}: {
  method: CheckoutChoice
  detail: string
  checked: boolean
  disabled: boolean
}) {
  const { t } = usePage()
  return (
    <label
      className={`flex gap-3 rounded-xl border-2 p-4 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50 ${
        disabled
          ? 'cursor-not-allowed border-slate-200 bg-slate-50'
          : 'cursor-pointer border-slate-200 bg-white hover:border-slate-300'
      }`}
    >
      <input
        type="radio"
        name="method"
        value={method}
        defaultChecked={checked}
        disabled={disabled}
        className="mt-1 size-4 shrink-0 accent-emerald-700"
      />
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900">{t(`checkout.method.${method}`)}</span>
        <span className="mt-0.5 block text-slate-600 text-sm">{detail}</span>
      </span>
    </label>
  )
}

/** What is being paid for: each line with its total, then subtotal, discount and total. */
export function OrderSummary({ cart }: { cart: Cart }) {
  const { t, lang } = usePage()
  return (
    <Card as="aside" title={t('checkout.summary')} titleId="order-summary-title">
      <ul className="mb-4 space-y-2 border-slate-200 border-b pb-4 text-sm">
        {cart.items.map((item) => (
          <li key={item.product_id} className="flex justify-between gap-4">
            <span className="min-w-0 break-words text-slate-700">
              {item.product_name}
              {item.quantity > 1 ? (
                <span className="text-slate-600"> × {item.quantity}</span>
              ) : null}
            </span>
            <span className="font-medium text-slate-900 tabular-nums">
              {formatEur(item.total_price, lang)}
            </span>
          </li>
        ))}
      </ul>
      <CartSummary cart={cart} />
    </Card>
  )
}

export function CheckoutPage({ cart, balanceEur, method, usdc, error }: CheckoutPageProps) {
  const { t, lang } = usePage()
  const insufficient = balanceEur < cart.total
  const chosen = method === 'balance' && insufficient ? undefined : method
  return (
    <Page title={t('checkout.title')}>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <section
          aria-labelledby="checkout-method-title"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <PostForm action={BASIC_PATHS.checkout}>
            <FormError message={error} />
            <input type="hidden" name="expected_total_eur" value={cart.total.toFixed(2)} />
            <fieldset>
              <legend
                id="checkout-method-title"
                className="mb-3 font-semibold text-lg text-slate-900"
              >
                {t('checkout.method.title')}
              </legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <MethodOption
                  method="balance"
                  checked={chosen === 'balance'}
                  disabled={insufficient}
                  detail={t('checkout.method.balanceAvailable', {
                    amount: formatEur(balanceEur, lang),
                  })}
                />
                <MethodOption
                  method="crypto"
                  checked={chosen === 'crypto'}
                  disabled={false}
                  detail={t('checkout.method.cryptoDetail', {
                    min: CRYPTO_CONFIRMATION_MINUTES.min,
                    max: CRYPTO_CONFIRMATION_MINUTES.max,
                  })}
                />
                {usdc ? (
                  <MethodOption
                    method="usdc"
                    checked={chosen === 'usdc'}
                    disabled={false}
                    detail={t('checkout.method.usdcDetail', {
                      min: CRYPTO_CONFIRMATION_MINUTES.min,
                      max: CRYPTO_CONFIRMATION_MINUTES.max,
                    })}
                  />
                ) : null}
              </div>
            </fieldset>
            {insufficient ? (
              <Notice tone="warning" className="mt-5">
                <p>{t('checkout.insufficient')}</p>
                <a
                  href={topUpHref(cart.total, balanceEur)}
                  className={`${buttonClass.secondary} mt-3`}
                >
                  {t('checkout.topUp')}
                </a>
              </Notice>
            ) : null}
            <button type="submit" className={`${buttonClass.primary} mt-6 w-full sm:w-auto`}>
              {t('checkout.pay', { amount: formatEur(cart.total, lang) })}
            </button>
          </PostForm>
        </section>
        <OrderSummary cart={cart} />
      </div>
    </Page>
  )
}
