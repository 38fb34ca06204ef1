import type { Payment } from '@shop/contract'
import { QRCodeSVG } from 'qrcode.react'
import { useId } from 'react'
import { getErrorMessage } from '../api/errors'
import { CRYPTO_CONFIRMATION_MINUTES, QR_ERROR_LEVEL, QR_SIZE_PX } from '../config'
import { useTranslation } from '../i18n'
import { useFormat } from '../i18n/useFormat'
import { useConfig } from '../queries/config'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { CopyButton } from '../ui/CopyButton'
import { Spinner } from '../ui/Spinner'
import { notify } from '../ui/toast'
import { useDemoPay } from './api/demoPay'
import { CheckResult, useCheckNow } from './CheckNow'
import { Countdown } from './Countdown'
import type { CryptoPaymentDetails } from './details'
import { ReportProblemForm } from './ReportProblemForm'
import { SignatureForm } from './SignatureForm'
import { type PaymentEndReason, usePaymentStatus } from './usePaymentStatus'

export type { PaymentEndReason }

interface CryptoPaymentPanelProps {
  details: CryptoPaymentDetails
  /** Checkout activates products; a top-up credits the balance. Only the step text differs. */
  kind: 'checkout' | 'topup'
  /** The payment was confirmed (by a status check, a signature or the demo wallet). */
  onConfirmed: (payment: Payment) => void
  /** A status check reported expired or cancelled, or the countdown reached 0. */
  onEnded: (reason: PaymentEndReason) => void
  /** The cancel button: resets the screen only; no call is made. */
  onCancel: () => void
  /** The panel's own title; left out inside a dialog that already has one. */
  title?: string
}

interface Fact {
  label: string
  value: string
  /** What the copy button copies and its name; no button without it. */
  copy?: { value: string; label: string }
  mono?: boolean
}

/** Wallet address, amount (SOL or USDC), euro equivalent and payment code, with copy buttons. */
function PaymentFacts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="rounded-xl border border-slate-200 px-4">
      {facts.map(({ label, value, copy, mono }) => (
        <div
          key={label}
          className="flex flex-col gap-1 border-slate-200 border-b py-3 last:border-b-0"
        >
          <dt className="text-slate-500 text-xs uppercase tracking-wide">{label}</dt>
          <dd className="flex items-center justify-between gap-3">
            <span
              className={`min-w-0 break-all font-semibold text-slate-900 ${mono ? 'font-mono text-sm' : 'text-base'}`}
            >
              {value}
            </span>
            {copy ? <CopyButton value={copy.value} label={copy.label} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * The instruction screen of a pending crypto payment (SOL or USDC), shared by checkout and the top-up dialog:
 * wallet address, amount, euro equivalent, payment code, QR code (the Solana Pay URL), copy
 * buttons, countdown, status checks (at once, every 30 s, on demand), a signature field, the
 * "Report a problem" form and, when the server runs its local chain, the demo wallet.
 */
export function CryptoPaymentPanel({
  details,
  kind,
  onConfirmed,
  onEnded,
  onCancel,
  title,
}: CryptoPaymentPanelProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const { data: config } = useConfig()
  const titleId = useId()
  const payment = usePaymentStatus(details.paymentCode, { onConfirmed, onEnded })
  const demo = useDemoPay(details.paymentCode)
  const checkNow = useCheckNow(() => payment.status.refetch())

  const payWithDemoWallet = () =>
    demo.mutate(undefined, {
      onSuccess: (settled) => {
        if (settled?.status !== 'confirmed') notify.info(t('payment.demoSent'))
        if (settled) payment.apply(settled)
        else payment.expectTransfer()
      },
      onError: (error) => notify.error(getErrorMessage(error, t)),
    })

  const amountText = format.crypto(details.amount, details.currency)
  const minutes = { min: CRYPTO_CONFIRMATION_MINUTES.min, max: CRYPTO_CONFIRMATION_MINUTES.max }
  const steps =
    kind === 'checkout' ? t('payment.stepsCheckout', minutes) : t('payment.stepsTopup', minutes)

  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : t('payment.instructions')}
    >
      {title ? (
        <h2 id={titleId} className="font-semibold text-slate-900 text-xl">
          {title}
        </h2>
      ) : null}
      <p className="mt-1 text-slate-600">{t('payment.sendExactly', { amount: amountText })}</p>

      <div className="mt-5 grid gap-6 md:grid-cols-[auto_1fr] md:items-start">
        <div className="flex flex-col items-center gap-2">
          <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <QRCodeSVG
              value={details.solanaPayUrl}
              size={QR_SIZE_PX}
              level={QR_ERROR_LEVEL}
              role="img"
              aria-label={t('payment.qrLabel')}
              data-testid="payment-qr"
            />
          </div>
          <p className="max-w-[13rem] text-center text-slate-500 text-xs">{t('payment.qrHint')}</p>
        </div>

        <div className="min-w-0">
          <PaymentFacts
            facts={[
              {
                label: t('payment.walletAddress'),
                value: details.walletAddress,
                copy: { value: details.walletAddress, label: t('payment.copyAddress') },
                mono: true,
              },
              {
                label: t('payment.solAmount'),
                value: amountText,
                copy: {
                  value: details.amount.toFixed(details.currency === 'USDC' ? 2 : 4),
                  label: t('payment.copyAmount'),
                },
              },
              { label: t('payment.eurEquivalent'), value: format.eur(details.amountEur) },
              {
                label: t('payment.paymentCode'),
                value: details.paymentCode,
                copy: { value: details.paymentCode, label: t('payment.copyCode') },
                mono: true,
              },
            ]}
          />
        </div>
      </div>

      <div className="mt-5 grid gap-3">
        <Countdown expiresAt={details.expirationTime} onExpire={payment.timeOut} />
        <Alert tone="info" assertive={false}>
          <p className="flex items-start gap-2">
            <Spinner size="sm" className="mt-0.5 shrink-0 text-sky-700" />
            <span>{steps}</span>
          </p>
        </Alert>
      </div>

      <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          variant="secondary"
          onClick={() => void checkNow.run()}
          loading={payment.status.isFetching}
        >
          {t('payment.checkNow')}
        </Button>
        {config?.demo_wallet ? (
          <Button onClick={payWithDemoWallet} loading={demo.isPending}>
            {t('payment.demoWallet')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onCancel} className="sm:ml-auto">
          {t('payment.cancel')}
        </Button>
      </div>

      <CheckResult
        outcome={checkNow.outcome}
        running={checkNow.running}
        currency={details.currency}
        amount={details.amount}
      />

      <SignatureForm paymentCode={details.paymentCode} onPayment={payment.apply} />
      <ReportProblemForm paymentCode={details.paymentCode} />
    </section>
  )
}
