import type { AdminPaymentDetail } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { BackLink } from '../../shared/ui/BackLink'
import { Page } from '../../shared/ui/Page'
import { paymentQueryOptions } from '../api/money'
import { type MoneyFormat, shortKey, useMoneyFormat } from '../ui/moneyFormat'
import { PaymentStatusBadge, TransferStatusBadge } from '../ui/PaymentBadges'
import { QueryView } from '../ui/QueryView'
import { Table, Td, Th, Tr } from '../ui/Table'

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-slate-500 text-sm">{label}</dt>
      <dd className="mt-1 font-semibold text-slate-900 text-xl tabular-nums">{value}</dd>
      {note ? <dd className="text-slate-500 text-xs">{note}</dd> : null}
    </div>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-slate-500 sm:w-44">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="mb-3 font-semibold text-lg text-slate-900">{title}</h2>
      {children}
    </section>
  )
}

function Figures({ payment, format }: { payment: AdminPaymentDetail; format: MoneyFormat }) {
  const { t } = useTranslation()
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure
        label={t('payments.amount')}
        value={format.eur(payment.amount_eur)}
        note={
          payment.discount_eur > 0
            ? t('payments.discounted', {
                subtotal: format.eur(payment.subtotal_eur),
                discount: format.eur(payment.discount_eur),
              })
            : undefined
        }
      />
      {payment.lamports ? (
        <>
          <Figure label={t('payments.asked')} value={format.lamports(payment.lamports)} />
          <Figure
            label={t('payments.received')}
            value={format.lamports(payment.received_lamports ?? '0')}
          />
          <Figure
            label={t('payments.lockedRate')}
            value={payment.rate_eur_per_sol === null ? '—' : format.eur(payment.rate_eur_per_sol)}
            note={t('money.perSol')}
          />
        </>
      ) : null}
    </dl>
  )
}

function Details({ payment, format }: { payment: AdminPaymentDetail; format: MoneyFormat }) {
  const { t } = useTranslation()
  const times: [string, string | null][] = [
    ['payments.created', payment.created_at],
    ['payments.expires', payment.expires_at],
    ['payments.confirmed', payment.confirmed_at],
    ['payments.closed', payment.closed_at],
  ]
  return (
    <dl className="mt-6 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 text-sm shadow-sm">
      <Detail label={t('payments.customer')}>
        <Link
          to={`/customers/${payment.user_id}`}
          className="font-medium text-emerald-700 hover:underline"
        >
          {payment.username}
        </Link>
      </Detail>
      <Detail label={t('payments.kindMethod')}>
        {t(`payments.kinds.${payment.kind}`)} · {t(`payments.methods.${payment.method}`)}
      </Detail>
      {times.map(([label, value]) =>
        value ? (
          <Detail key={label} label={t(label)}>
            {format.dateTime(value)}
          </Detail>
        ) : null,
      )}
      {payment.reference ? (
        <Detail label={t('payments.reference')}>
          <span className="break-all font-mono text-xs">{payment.reference}</span>
        </Detail>
      ) : null}
    </dl>
  )
}

function Transfers({ payment, format }: { payment: AdminPaymentDetail; format: MoneyFormat }) {
  const { t } = useTranslation()
  if (payment.transfers.length === 0) {
    return <p className="text-slate-600 text-sm">{t('payments.noTransfers')}</p>
  }
  return (
    <Table
      caption={t('payments.transfers')}
      head={
        <>
          <Th>{t('transfers.transaction')}</Th>
          <Th className="text-right">{t('transfers.amount')}</Th>
          <Th>{t('transfers.landed')}</Th>
          <Th>{t('transfers.status')}</Th>
        </>
      }
    >
      {payment.transfers.map((transfer) => (
        <Tr key={`${transfer.signature}:${transfer.instruction_index}`}>
          <Td>
            <span className="font-mono text-slate-900 text-xs" title={transfer.signature}>
              {shortKey(transfer.signature, 10)}
            </span>
            {transfer.payment_code === payment.payment_code ? null : (
              <span className="block text-slate-500 text-xs">{t('payments.claimedTransfer')}</span>
            )}
          </Td>
          <Td
            label={t('transfers.amount')}
            className="whitespace-nowrap tabular-nums md:text-right"
          >
            {format.lamports(transfer.lamports)}
            {transfer.value_eur === null ? null : (
              <span className="block text-slate-500 text-xs">{format.eur(transfer.value_eur)}</span>
            )}
          </Td>
          <Td label={t('transfers.landed')} className="whitespace-nowrap">
            {format.dateTime(transfer.block_time ?? transfer.seen_at)}
          </Td>
          <Td label={t('transfers.status')}>
            <TransferStatusBadge status={transfer.status} />
            {transfer.note ? (
              <span className="block break-words text-slate-500 text-xs">{transfer.note}</span>
            ) : null}
          </Td>
        </Tr>
      ))}
    </Table>
  )
}

function Ledger({ payment, format }: { payment: AdminPaymentDetail; format: MoneyFormat }) {
  const { t } = useTranslation()
  if (payment.ledger.length === 0) {
    return <p className="text-slate-600 text-sm">{t('payments.noLedger')}</p>
  }
  return (
    <Table
      caption={t('payments.ledger')}
      head={
        <>
          <Th>{t('payments.when')}</Th>
          <Th>{t('payments.line')}</Th>
          <Th className="text-right">{t('payments.change')}</Th>
        </>
      }
    >
      {payment.ledger.map((line) => (
        <Tr key={line.id}>
          <Td className="whitespace-nowrap">{format.dateTime(line.created_at)}</Td>
          <Td label={t('payments.line')}>
            <span className="break-words text-slate-900">{line.description}</span>
            <span className="block text-slate-500 text-xs">
              {t(`payments.ledgerKinds.${line.kind}`)}
            </span>
          </Td>
          <Td
            label={t('payments.change')}
            className="whitespace-nowrap font-medium text-slate-900 tabular-nums md:text-right"
          >
            {format.signedEur(line.amount_eur)}
          </Td>
        </Tr>
      ))}
    </Table>
  )
}

/** /payments/:code: one payment, the transfers that paid it or were claimed for it, its ledger. */
export function PaymentPage() {
  const { t } = useTranslation()
  const format = useMoneyFormat()
  const { code = '' } = useParams()
  const payment = useQuery(paymentQueryOptions(code))
  return (
    <Page
      title={<span className="font-mono">{code}</span>}
      actions={payment.data ? <PaymentStatusBadge status={payment.data.status} /> : null}
    >
      <BackLink to="/payments" className="mb-3">
        {t('payments.back')}
      </BackLink>
      <QueryView query={payment}>
        {(detail) => (
          <>
            <Figures payment={detail} format={format} />
            <Details payment={detail} format={format} />
            <Section title={t('payments.transfers')}>
              <Transfers payment={detail} format={format} />
            </Section>
            <Section title={t('payments.ledger')}>
              <Ledger payment={detail} format={format} />
            </Section>
          </>
        )}
      </QueryView>
    </Page>
  )
}
