import type { MoneyStatus } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { Badge } from '../../shared/ui/Badge'
import { moneyStatusQueryOptions } from '../api/money'
import { type MoneyFormat, shortKey, useMoneyFormat } from './moneyFormat'

/** A watcher that has not read the chain for this long is shown as behind. */
const WATCHER_LAG_WARNING_SECONDS = 120

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right text-slate-900 tabular-nums">{children}</dd>
    </div>
  )
}

function Card({
  title,
  badge,
  children,
}: {
  title: string
  badge: ReactNode
  children: ReactNode
}) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {badge}
      </div>
      <div className="text-sm">{children}</div>
    </section>
  )
}

function RateCard({ rate, format }: { rate: MoneyStatus['rate']; format: MoneyFormat }) {
  const { t } = useTranslation()
  const fresh = rate.age_seconds !== null && rate.age_seconds <= rate.max_age_seconds
  return (
    <Card
      title={t('money.rate')}
      badge={
        fresh ? (
          <Badge tone="green">{t('money.fresh')}</Badge>
        ) : (
          <Badge tone="red">{t('money.stale')}</Badge>
        )
      }
    >
      <dl>
        <Row label={t('money.eurPerSol')}>
          {rate.eur_per_sol === null ? '—' : format.eur(rate.eur_per_sol)}
        </Row>
        <Row label={t('money.source')}>{rate.source ?? '—'}</Row>
        <Row label={t('money.fetched')}>
          {rate.age_seconds === null ? '—' : format.ago(rate.age_seconds)}
        </Row>
      </dl>
      {rate.last_error ? (
        <p className="mt-2 break-words rounded-lg bg-red-50 px-3 py-2 text-red-800 text-xs">
          {t('money.lastError', { error: rate.last_error })}
        </p>
      ) : null}
      {fresh ? null : <p className="mt-2 text-red-800 text-xs">{t('money.staleText')}</p>}
    </Card>
  )
}

/** Whether USDC is taken now, and its rate (docs/usdc.md): the same providers and guards as SOL. */
function UsdcCard({ usdc, format }: { usdc: MoneyStatus['usdc']; format: MoneyFormat }) {
  const { t } = useTranslation()
  return (
    <Card
      title={t('money.usdc')}
      badge={
        usdc.accepted ? (
          <Badge tone="green">{t('money.usdcAccepted')}</Badge>
        ) : (
          <Badge tone="grey">{t('money.off')}</Badge>
        )
      }
    >
      <dl>
        <Row label={t('money.eurPerUsdc')}>
          {usdc.eur_per_usdc === null
            ? '—'
            : new Intl.NumberFormat(format.lang === 'lt' ? 'lt-LT' : 'en-GB', {
                style: 'currency',
                currency: 'EUR',
                minimumFractionDigits: 4,
                maximumFractionDigits: 5,
              }).format(usdc.eur_per_usdc)}
        </Row>
        <Row label={t('money.source')}>{usdc.source ?? '—'}</Row>
        <Row label={t('money.fetched')}>
          {usdc.age_seconds === null ? '—' : format.ago(usdc.age_seconds)}
        </Row>
        <Row label={t('money.mint')}>
          {usdc.mint ? (
            <span className="font-mono text-xs" title={usdc.mint}>
              {shortKey(usdc.mint)}
            </span>
          ) : (
            '—'
          )}
        </Row>
      </dl>
      {usdc.last_error ? (
        <p className="mt-2 break-words rounded-lg bg-red-50 px-3 py-2 text-red-800 text-xs">
          {t('money.lastError', { error: usdc.last_error })}
        </p>
      ) : null}
    </Card>
  )
}

function WatcherCard({
  watcher,
  format,
}: {
  watcher: MoneyStatus['watcher']
  format: MoneyFormat
}) {
  const { t } = useTranslation()
  const behind =
    watcher.last_error !== null ||
    watcher.lag_seconds === null ||
    watcher.lag_seconds > WATCHER_LAG_WARNING_SECONDS
  const badge = !watcher.enabled ? (
    <Badge tone="grey">{t('money.off')}</Badge>
  ) : behind ? (
    <Badge tone="amber">{t('money.behind')}</Badge>
  ) : (
    <Badge tone="green">{t('money.watching')}</Badge>
  )
  return (
    <Card title={t('money.watcher')} badge={badge}>
      {watcher.enabled ? (
        <>
          <dl>
            <Row label={t('money.lastSlot')}>
              {watcher.last_slot === null
                ? '—'
                : new Intl.NumberFormat(format.lang === 'lt' ? 'lt-LT' : 'en-GB').format(
                    BigInt(watcher.last_slot),
                  )}
            </Row>
            <Row label={t('money.lag')}>
              {watcher.lag_seconds === null
                ? '—'
                : t('money.seconds', { count: watcher.lag_seconds })}
            </Row>
            <Row label={t('money.lastPass')}>
              {watcher.last_pass_at ? format.dateTime(watcher.last_pass_at) : '—'}
            </Row>
          </dl>
          {watcher.last_error ? (
            <p className="mt-2 break-words rounded-lg bg-red-50 px-3 py-2 text-red-800 text-xs">
              {t('money.lastError', { error: watcher.last_error })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-slate-600">{t('money.offText')}</p>
      )}
    </Card>
  )
}

function QueueCard({ unmatched }: { unmatched: number }) {
  const { t } = useTranslation()
  return (
    <Card
      title={t('money.queue')}
      badge={
        unmatched > 0 ? (
          <Badge tone="amber">{t('money.waiting', { count: unmatched })}</Badge>
        ) : (
          <Badge tone="green">{t('money.clear')}</Badge>
        )
      }
    >
      <p className="text-slate-600">
        {unmatched > 0 ? t('money.queueText', { count: unmatched }) : t('money.queueEmpty')}
      </p>
      {unmatched > 0 ? (
        <Link
          to="/transfers"
          className="mt-2 inline-block font-medium text-emerald-700 hover:underline"
        >
          {t('money.openQueue')}
        </Link>
      ) : null}
    </Card>
  )
}

/**
 * The EUR/SOL rate, USDC's state and rate, the chain watcher and (unless the queue itself is on screen: `queue` false)
 * how many unmatched transfers wait, side by side.
 */
export function MoneyStatusPanel({
  className = '',
  queue = true,
}: {
  className?: string
  queue?: boolean
}) {
  const format = useMoneyFormat()
  const status = useQuery(moneyStatusQueryOptions)
  if (!status.data) return null
  const { rate, usdc, watcher, unmatched_transfers: unmatched } = status.data
  return (
    <div
      className={`grid gap-3 md:grid-cols-2 ${queue ? 'xl:grid-cols-4' : 'xl:grid-cols-3'} ${className}`}
    >
      <RateCard rate={rate} format={format} />
      <UsdcCard usdc={usdc} format={format} />
      <WatcherCard watcher={watcher} format={format} />
      {queue ? <QueueCard unmatched={unmatched} /> : null}
    </div>
  )
}
