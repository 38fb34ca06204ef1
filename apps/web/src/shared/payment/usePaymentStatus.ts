import type { Payment } from '@shop/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { paymentStatusKey, paymentStatusQueryOptions } from './api/paymentStatus'

/** How the instruction screen ended without a confirmation. */
export type PaymentEndReason = 'expired' | 'cancelled' | 'timeout'

/** While a transfer is known to be on its way, the status is checked this often. */
const FAST_POLL_MS = 2_000

interface PaymentStatusCallbacks {
  /** The payment was confirmed (by a status check, a signature or the demo wallet). */
  onConfirmed: (payment: Payment) => void
  /** A status check reported expired or cancelled, or the countdown reached 0. */
  onEnded: (reason: PaymentEndReason) => void
}

/**
 * The status of a pending SOL payment and how it ends: checked at once, every 30 seconds, or
 * every 2 seconds once a transfer is on its way; confirmed, expired or cancelled is reported
 * once, and so is the countdown reaching 0.
 */
export function usePaymentStatus(paymentCode: string, callbacks: PaymentStatusCallbacks) {
  const client = useQueryClient()
  const [fastPolling, setFastPolling] = useState(false)
  const ended = useRef(false)
  const status = useQuery(paymentStatusQueryOptions(paymentCode, fastPolling ? FAST_POLL_MS : null))

  const latest = useRef(callbacks)
  useEffect(() => {
    latest.current = callbacks
  })

  useEffect(() => {
    const payment = status.data
    if (!payment || ended.current) return
    if (payment.status === 'confirmed') {
      ended.current = true
      latest.current.onConfirmed(payment)
    } else if (payment.status === 'expired' || payment.status === 'cancelled') {
      ended.current = true
      latest.current.onEnded(payment.status)
    }
  }, [status.data])

  return {
    status,
    /** A payment answered by a settling call: shown at once; while pending, checked fast. */
    apply: (payment: Payment) => {
      client.setQueryData(paymentStatusKey(paymentCode), payment)
      if (payment.status === 'pending') setFastPolling(true)
    },
    /** A transfer was sent but not settled: check fast, starting now. */
    expectTransfer: () => {
      setFastPolling(true)
      void status.refetch()
    },
    /** The countdown reached 0. */
    timeOut: () => {
      if (ended.current) return
      ended.current = true
      callbacks.onEnded('timeout')
    },
  }
}
