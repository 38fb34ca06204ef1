import type { Payment } from '@shop/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { QRCodeSVG } from 'qrcode.react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { getErrorMessage } from '../api/errors'
import { CRYPTO_CONFIRMATION_MINUTES, QR_ERROR_LEVEL, QR_SIZE_PX } from '../config'
import { useTranslation } from '../i18n'
import { useFormat } from '../i18n/useFormat'
import { useConfig } from '../queries/config'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { CopyButton } from '../ui/CopyButton'
import { TextField } from '../ui/Field'
import { Spinner } from '../ui/Spinner'
import { notify } from '../ui/toast'
import {
  type CryptoPaymentDetails,
  paymentStatusKey,
  paymentStatusQueryOptions,
  payWithDemoWallet,
  SIGNATURE_RE,
  submitSignature,
} from './api'
import { Countdown } from './Countdown'

/** How the instruction screen ended without a confirmation. */
export type PaymentEndReason = 'expired' | 'cancelled' | 'timeout'

/** While a transfer is known to be on its way, the status is checked this often. */
const FAST_POLL_MS = 2_000

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

function DetailRow({
  label,
  value,
  copyValue,
  copyLabel,
  mono,
}: {
  label: string
  value: string
  copyValue?: string
  copyLabel?: string
  mono?: boolean
}) {
  return (
    <div className="flex flex-col gap-1 border-slate-200 border-b py-3 last:border-b-0">
      <dt className="text-slate-500 text-xs uppercase tracking-wide">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span
          className={`min-w-0 break-all font-semibold text-slate-900 ${mono ? 'font-mono text-sm' : 'text-base'}`}
        >
          {value}
        </span>
        {copyValue && copyLabel ? <CopyButton value={copyValue} label={copyLabel} /> : null}
      </dd>
    </div>
  )
}

/**
 * The instruction screen of a pending SOL payment, shared by checkout and the top-up dialog:
 * wallet address, amount, euro equivalent, payment code, QR code (the Solana Pay URL), copy
 * buttons, countdown, status checks (at once, every 30 s, on demand), a signature field and,
 * when the server runs its local chain, the demo wallet.
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
  const client = useQueryClient()
  const { data: config } = useConfig()
  const titleId = useId()
  const [fastPolling, setFastPolling] = useState(false)
  const [signature, setSignature] = useState('')
  const [signatureError, setSignatureError] = useState<string | null>(null)
  const ended = useRef(false)

  const status = useQuery(
    paymentStatusQueryOptions(details.paymentCode, fastPolling ? FAST_POLL_MS : null),
  )

  const callbacks = useRef({ onConfirmed, onEnded })
  useEffect(() => {
    callbacks.current = { onConfirmed, onEnded }
  })

  useEffect(() => {
    const payment = status.data
    if (!payment || ended.current) return
    if (payment.status === 'confirmed') {
      ended.current = true
      callbacks.current.onConfirmed(payment)
    } else if (payment.status === 'expired' || payment.status === 'cancelled') {
      ended.current = true
      callbacks.current.onEnded(payment.status)
    }
  }, [status.data])

  /** A payment answered by a signature submission: confirmed ends the screen, else keep checking. */
  const applyPayment = (payment: Payment) => {
    client.setQueryData(paymentStatusKey(details.paymentCode), payment)
    if (payment.status === 'pending') setFastPolling(true)
  }

  const signatureMutation = useMutation({
    mutationFn: (value: string) => submitSignature(details.paymentCode, value),
    onSuccess: (payment) => {
      setSignature('')
      applyPayment(payment)
    },
    onError: (error) => setSignatureError(getErrorMessage(error, t)),
  })

  const demoMutation = useMutation({
    mutationFn: async () => {
      const { signature: sent } = await payWithDemoWallet(details.paymentCode)
      // Settle at once with the transfer's signature; the watcher would find it too.
      try {
        return await submitSignature(details.paymentCode, sent)
      } catch {
        return null
      }
    },
    onSuccess: (payment) => {
      if (payment?.status !== 'confirmed') notify.info(t('payment.demoSent'))
      if (payment) applyPayment(payment)
      else {
        setFastPolling(true)
        void status.refetch()
      }
    },
    onError: (error) => notify.error(getErrorMessage(error, t)),
  })

  const onSubmitSignature = (event: FormEvent) => {
    event.preventDefault()
    const value = signature.trim()
    if (!value) {
      setSignatureError(t('payment.signatureRequired'))
      return
    }
    if (!SIGNATURE_RE.test(value)) {
      setSignatureError(t('apiErrors.SIGNATURE_INVALID'))
      return
    }
    setSignatureError(null)
    signatureMutation.mutate(value)
  }

  const onCountdownEnd = () => {
    if (ended.current) return
    ended.current = true
    onEnded('timeout')
  }

  const solText = format.sol(details.solAmount)
  const solPlain = details.solAmount.toFixed(4)
  const steps =
    kind === 'checkout'
      ? t('payment.stepsCheckout', {
          min: CRYPTO_CONFIRMATION_MINUTES.min,
          max: CRYPTO_CONFIRMATION_MINUTES.max,
        })
      : t('payment.stepsTopup', {
          min: CRYPTO_CONFIRMATION_MINUTES.min,
          max: CRYPTO_CONFIRMATION_MINUTES.max,
        })

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
      <p className="mt-1 text-slate-600">{t('payment.sendExactly', { amount: solText })}</p>

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
          <dl className="rounded-xl border border-slate-200 px-4">
            <DetailRow
              label={t('payment.walletAddress')}
              value={details.walletAddress}
              copyValue={details.walletAddress}
              copyLabel={t('payment.copyAddress')}
              mono
            />
            <DetailRow
              label={t('payment.solAmount')}
              value={solText}
              copyValue={solPlain}
              copyLabel={t('payment.copyAmount')}
            />
            <DetailRow label={t('payment.eurEquivalent')} value={format.eur(details.amountEur)} />
            <DetailRow
              label={t('payment.paymentCode')}
              value={details.paymentCode}
              copyValue={details.paymentCode}
              copyLabel={t('payment.copyCode')}
              mono
            />
          </dl>
        </div>
      </div>

      <div className="mt-5 grid gap-3">
        <Countdown expiresAt={details.expirationTime} onExpire={onCountdownEnd} />
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
          onClick={() => void status.refetch()}
          loading={status.isFetching}
        >
          {t('payment.checkNow')}
        </Button>
        {config?.demo_wallet ? (
          <Button onClick={() => demoMutation.mutate()} loading={demoMutation.isPending}>
            {t('payment.demoWallet')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onCancel} className="sm:ml-auto">
          {t('payment.cancel')}
        </Button>
      </div>

      <details className="group mt-6 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
        <summary className="cursor-pointer rounded font-medium text-slate-800 text-sm">
          {t('payment.signatureToggle')}
        </summary>
        <form onSubmit={onSubmitSignature} className="mt-3 flex flex-col gap-3" noValidate>
          <TextField
            label={t('payment.signatureLabel')}
            hint={t('payment.signatureHint')}
            value={signature}
            onChange={(event) => {
              setSignature(event.target.value)
              setSignatureError(null)
            }}
            error={signatureError}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
          <div>
            <Button type="submit" variant="secondary" loading={signatureMutation.isPending}>
              {t('payment.signatureSubmit')}
            </Button>
          </div>
        </form>
      </details>
    </section>
  )
}
