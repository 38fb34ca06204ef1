import type { Lang } from '@shop/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/call'
import { useTranslation } from '../../i18n'

/**
 * POST /api/payment/report-problem?lang=: the report becomes the payment's support ticket, so
 * the customer's support data (`['support', …]`: tickets, unread count) is fetched again.
 */
export function useReportProblem(paymentCode: string) {
  const client = useQueryClient()
  const { i18n } = useTranslation()
  const lang = (i18n.resolvedLanguage ?? 'en') as Lang
  return useMutation({
    mutationFn: (description: string) =>
      call('POST /api/payment/report-problem', {
        query: { lang },
        body: { payment_code: paymentCode, description },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['support'] }),
  })
}
