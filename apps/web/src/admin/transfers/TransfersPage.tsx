import { type AdminTransfer, TRANSFER_STATUSES } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { CopyButton } from '../../shared/ui/CopyButton'
import { SelectField } from '../../shared/ui/Field'
import { Page } from '../../shared/ui/Page'
import { type TransferFilters, transfersQueryOptions } from '../api/money'
import { oneOf, useAddressFilters } from '../ui/addressFilters'
import { TransferIcon } from '../ui/icons'
import { CodeSearchField } from '../ui/ListFilters'
import { MoneyStatusPanel } from '../ui/MoneyStatusPanel'
import { shortKey, useMoneyFormat } from '../ui/moneyFormat'
import { PagedList } from '../ui/PagedList'
import { TransferStatusBadge } from '../ui/PaymentBadges'
import { Td, Th, Tr } from '../ui/Table'
import { AssignDialog } from './AssignDialog'
import { DismissDialog } from './DismissDialog'

type Action = { kind: 'assign' | 'dismiss'; transfer: AdminTransfer }
type StatusChoice = TransferFilters['status']
const STATUS_CHOICES: readonly StatusChoice[] = [...TRANSFER_STATUSES, 'all']

/** The filters live in the address (?status=&q=&page=); the queue (unmatched) comes first. */
function useTransferFilters() {
  return useAddressFilters<TransferFilters>(
    (params) => ({ status: oneOf(STATUS_CHOICES, params.get('status')) ?? 'unmatched' }),
    ({ status }) => ({ status: status === 'unmatched' ? undefined : status }),
  )
}

function Claims({ transfer }: { transfer: AdminTransfer }) {
  const { t } = useTranslation()
  const format = useMoneyFormat()
  if (transfer.claims.length === 0) return <span className="text-slate-400">—</span>
  return (
    <ul className="flex flex-col gap-1">
      {transfer.claims.map((claim) => (
        <li key={`${claim.username}:${claim.created_at}`}>
          <span className="font-medium text-slate-900">{claim.username}</span>
          {claim.payment_code ? (
            <>
              {' · '}
              <Link
                to={`/payments/${claim.payment_code}`}
                className="whitespace-nowrap font-mono text-emerald-700 text-xs hover:underline"
              >
                {claim.payment_code}
              </Link>
            </>
          ) : null}
          <span className="block text-slate-500 text-xs">
            {t('transfers.claimedAt', { date: format.dateTime(claim.created_at) })}
          </span>
        </li>
      ))}
    </ul>
  )
}

function Outcome({ transfer }: { transfer: AdminTransfer }) {
  const { t } = useTranslation()
  const format = useMoneyFormat()
  return (
    <div className="text-xs">
      {transfer.payment_code ? (
        <Link
          to={`/payments/${transfer.payment_code}`}
          className="font-mono text-emerald-700 hover:underline"
        >
          {transfer.payment_code}
        </Link>
      ) : null}
      {transfer.assigned_to ? (
        <span className="block text-slate-900">
          {t('transfers.assignedTo', { username: transfer.assigned_to })}
        </span>
      ) : null}
      {transfer.status === 'ignored' ? (
        <span className="block break-words text-slate-900">{transfer.note}</span>
      ) : null}
      {transfer.resolved_by && transfer.resolved_at ? (
        <span className="block text-slate-500">
          {t('transfers.resolvedBy', {
            username: transfer.resolved_by,
            date: format.dateTime(transfer.resolved_at),
          })}
        </span>
      ) : null}
    </div>
  )
}

function TransferRow({
  transfer,
  onAction,
}: {
  transfer: AdminTransfer
  onAction: (action: Action) => void
}) {
  const { t } = useTranslation()
  const format = useMoneyFormat()
  const name = shortKey(transfer.signature)
  return (
    <Tr>
      <Td>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span
            className="whitespace-nowrap font-mono font-semibold text-slate-900 text-xs"
            title={transfer.signature}
          >
            {name}
          </span>
          <CopyButton value={transfer.signature} label={t('transfers.copySignature', { name })} />
        </div>
        <span className="block text-slate-500 text-xs">
          {format.dateTime(transfer.block_time ?? transfer.seen_at)}
        </span>
      </Td>
      <Td label={t('transfers.amount')} className="whitespace-nowrap tabular-nums md:text-right">
        <span className="font-medium text-slate-900">{format.lamports(transfer.lamports)}</span>
        <span className="block text-slate-500 text-xs">
          {transfer.value_eur === null || transfer.rate_eur_per_sol === null
            ? t('transfers.noRate')
            : t('transfers.valueAt', {
                value: format.eur(transfer.value_eur),
                rate: format.eur(transfer.rate_eur_per_sol),
              })}
        </span>
      </Td>
      <Td label={t('transfers.sender')}>
        {transfer.sender ? (
          <span className="whitespace-nowrap font-mono text-xs" title={transfer.sender}>
            {shortKey(transfer.sender)}
          </span>
        ) : (
          <span className="text-slate-500 text-xs">{t('transfers.noSender')}</span>
        )}
      </Td>
      <Td label={t('transfers.claims')}>
        <Claims transfer={transfer} />
      </Td>
      <Td label={t('transfers.status')}>
        <TransferStatusBadge status={transfer.status} />
        {transfer.status === 'unmatched' ? null : <Outcome transfer={transfer} />}
      </Td>
      <Td>
        {transfer.status === 'unmatched' ? (
          <div className="flex flex-wrap gap-1 max-md:-ml-3 md:justify-end">
            <Button size="sm" onClick={() => onAction({ kind: 'assign', transfer })}>
              {t('transfers.assign.open')}
              <span className="sr-only"> {name}</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onAction({ kind: 'dismiss', transfer })}
            >
              {t('transfers.dismiss.open')}
              <span className="sr-only"> {name}</span>
            </Button>
          </div>
        ) : null}
      </Td>
    </Tr>
  )
}

/**
 * SOL transfers to the shop's address: first the queue of those that matched no payment, with
 * the customers' claims; each is assigned to a customer or dismissed with a note.
 */
export function TransfersPage() {
  const { t } = useTranslation()
  const [filters, change] = useTransferFilters()
  const [action, setAction] = useState<Action | null>(null)
  const transfers = useQuery(transfersQueryOptions(filters))

  return (
    <Page title={t('transfers.title')} description={t('transfers.description')}>
      <MoneyStatusPanel className="mb-6" queue={false} />
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <CodeSearchField
          label={t('transfers.search')}
          hint={t('transfers.searchHint')}
          value={filters.q}
          onSearch={(q) => change({ q })}
        />
        <SelectField
          label={t('transfers.status')}
          value={filters.status}
          onChange={(event) =>
            change({
              status: STATUS_CHOICES.find((choice) => choice === event.target.value) ?? 'unmatched',
            })
          }
        >
          {STATUS_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`transfers.filters.${choice}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <PagedList
        query={transfers}
        rows={(data) => data.transfers}
        emptyIcon={<TransferIcon />}
        emptyTitle={
          filters.status === 'unmatched' && !filters.q
            ? t('transfers.queueEmpty')
            : t('transfers.empty')
        }
        caption={t('transfers.title')}
        head={
          <>
            <Th>{t('transfers.transaction')}</Th>
            <Th className="text-right">{t('transfers.amount')}</Th>
            <Th>{t('transfers.sender')}</Th>
            <Th>{t('transfers.claims')}</Th>
            <Th>{t('transfers.status')}</Th>
            <Th>
              <span className="sr-only">{t('common.actions')}</span>
            </Th>
          </>
        }
        pagerLabel={t('transfers.pages')}
        page={filters.page}
        onPage={(page) => change({ page })}
      >
        {(transfer) => (
          <TransferRow
            key={`${transfer.signature}:${transfer.instruction_index}`}
            transfer={transfer}
            onAction={setAction}
          />
        )}
      </PagedList>
      {action?.kind === 'assign' ? (
        <AssignDialog transfer={action.transfer} onClose={() => setAction(null)} />
      ) : null}
      {action?.kind === 'dismiss' ? (
        <DismissDialog transfer={action.transfer} onClose={() => setAction(null)} />
      ) : null}
    </Page>
  )
}
