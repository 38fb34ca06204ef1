import type { AdminTransfer } from '@shop/contract'
import { useTranslation } from '../../shared/i18n'
import { shortKey, useMoneyFormat } from './moneyFormat'

/** What a transfer brought, in its currency; a token the shop does not count is named by its mint. */
export function transferAmountText(
  transfer: Pick<AdminTransfer, 'currency' | 'token_amount' | 'token_mint'>,
  format: ReturnType<typeof useMoneyFormat>,
  t: ReturnType<typeof useTranslation>['t'],
): string {
  const amount = format.units(transfer.token_amount, transfer.currency)
  if (transfer.currency !== null) return amount
  return t('transfers.unknownToken', { amount, mint: shortKey(transfer.token_mint ?? '') })
}

/** A transfer's amount as its table cell shows it. */
export function TransferAmount({
  transfer,
}: {
  transfer: Pick<AdminTransfer, 'currency' | 'token_amount' | 'token_mint'>
}) {
  const { t } = useTranslation()
  const format = useMoneyFormat()
  return (
    <span className={transfer.currency === null ? 'text-amber-800' : undefined}>
      {transferAmountText(transfer, format, t)}
    </span>
  )
}
