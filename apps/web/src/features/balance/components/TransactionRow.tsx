import type { BalanceTransaction } from '@shop/contract'
import { Link } from 'react-router'
import { type TFunction, useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'

/**
 * What a line was, in the language shown: named from its kind and its payment's code. The stored
 * description is the shop's English record; only an adjustment's is shown as it is, being the
 * owner's own words to the customer.
 */
function detail(transaction: BalanceTransaction, t: TFunction): string | null {
  if (transaction.kind === 'adjustment') return transaction.description
  const code = transaction.payment_code
  if (code !== null) return t(`balance.details.${transaction.kind}`, { code })
  // Without a payment: a transfer the owner assigned from the queue.
  return transaction.kind === 'topup' ? t('balance.details.assigned') : null
}

/**
 * One line of the ledger: what it was, when, and the signed, coloured amount; a line that paid or
 * refunded a purchase links to that purchase's page.
 */
export function TransactionRow({ transaction }: { transaction: BalanceTransaction }) {
  const { t } = useTranslation()
  const format = useFormat()
  const positive = transaction.amount > 0
  const negative = transaction.amount < 0
  const described = detail(transaction, t)
  return (
    <li className="flex items-start justify-between gap-4 px-4 py-3.5 sm:px-5">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {t(`balance.kinds.${transaction.kind}`, { defaultValue: transaction.description })}
        </p>
        {described ? (
          <p className="mt-0.5 break-words text-slate-600 text-sm">{described}</p>
        ) : null}
        <p className="mt-0.5 text-slate-500 text-xs">
          <time dateTime={transaction.date}>{format.dateTime(transaction.date)}</time>
        </p>
        {transaction.order_code ? (
          <Link
            to={`/orders/${transaction.order_code}`}
            className="mt-1 inline-block font-medium text-emerald-700 text-sm underline-offset-2 hover:text-emerald-800 hover:underline"
          >
            {t('balance.viewOrder', { code: transaction.order_code })}
          </Link>
        ) : null}
      </div>
      <p
        data-sign={positive ? 'positive' : negative ? 'negative' : 'zero'}
        className={`shrink-0 font-semibold tabular-nums ${
          positive ? 'text-emerald-700' : negative ? 'text-red-700' : 'text-slate-700'
        }`}
      >
        {format.signedEur(transaction.amount)}
      </p>
    </li>
  )
}
