import { useMutation, useQueryClient } from '@tanstack/react-query'
import { isApiError } from '../../shared/api/errors'
import { notify } from '../../shared/ui/toast'
import { MONEY_KEY } from '../api/money'

/**
 * Resolving a transfer (assigning or dismissing it): once done, says so, closes the dialog and
 * reads the money lists again; a transfer resolved meanwhile (another click, another owner) has
 * them read again too. `onRefused` sees every refusal first (one that brings the form back).
 */
export function useResolveTransfer<Body, Answer>({
  send,
  doneMessage,
  onClose,
  onRefused,
}: {
  send: (body: Body) => Promise<Answer>
  doneMessage: (answer: Answer) => string
  onClose: () => void
  onRefused?: (error: unknown) => void
}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      notify.success(doneMessage(answer))
      onClose()
      await client.invalidateQueries({ queryKey: MONEY_KEY })
    },
    onError: (error) => {
      onRefused?.(error)
      if (isApiError(error) && error.code === 'TRANSFER_RESOLVED') {
        void client.invalidateQueries({ queryKey: MONEY_KEY })
      }
    },
  })
}
