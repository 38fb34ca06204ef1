import type { MoneyStatus } from '@shop/contract'
import type { ReactNode } from 'react'
import { useTranslation } from '../../shared/i18n'
import { Badge } from '../../shared/ui/Badge'
import { Card } from '../ui/Card'
import { useMoneyFormat } from '../ui/moneyFormat'

/** A watcher that has not read the chain for this long is shown as behind (as on the money screens). */
const WATCHER_LAG_WARNING_SECONDS = 120

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-0.5">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right text-slate-900 tabular-nums">{children}</dd>
    </div>
  )
}

function ErrorLine({ error }: { error: string | null }) {
  const { t } = useTranslation()
  if (!error) return null
  return (
    <p className="mt-2 break-words rounded-lg bg-red-50 px-3 py-2 text-red-800 text-xs">
      {t('money.lastError', { error })}
    </p>
  )
}

/** The rate's age and source and the chain watcher's progress: whether SOL payments work. */
export function Health({ rate, watcher }: Pick<MoneyStatus, 'rate' | 'watcher'>) {
  const { t } = useTranslation()
  const format = useMoneyFormat()
  const fresh = rate.age_seconds !== null && rate.age_seconds <= rate.max_age_seconds
  const behind =
    watcher.last_error !== null ||
    watcher.lag_seconds === null ||
    watcher.lag_seconds > WATCHER_LAG_WARNING_SECONDS
  return (
    <Card title={t('dashboard.health')}>
      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <h3 className="mb-1 flex items-center justify-between gap-2 font-medium text-slate-800">
            {t('money.rate')}
            {fresh ? (
              <Badge tone="green">{t('money.fresh')}</Badge>
            ) : (
              <Badge tone="red">{t('money.stale')}</Badge>
            )}
          </h3>
          <dl>
            <Line label={t('money.eurPerSol')}>
              {rate.eur_per_sol === null ? '—' : format.eur(rate.eur_per_sol)}
            </Line>
            <Line label={t('money.source')}>{rate.source ?? '—'}</Line>
            <Line label={t('money.fetched')}>
              {rate.age_seconds === null ? '—' : format.ago(rate.age_seconds)}
            </Line>
          </dl>
          <ErrorLine error={rate.last_error} />
        </div>
        <div>
          <h3 className="mb-1 flex items-center justify-between gap-2 font-medium text-slate-800">
            {t('money.watcher')}
            {!watcher.enabled ? (
              <Badge tone="grey">{t('money.off')}</Badge>
            ) : behind ? (
              <Badge tone="amber">{t('money.behind')}</Badge>
            ) : (
              <Badge tone="green">{t('money.watching')}</Badge>
            )}
          </h3>
          {watcher.enabled ? (
            <dl>
              <Line label={t('money.lastSlot')}>
                {watcher.last_slot === null
                  ? '—'
                  : new Intl.NumberFormat(format.lang === 'lt' ? 'lt-LT' : 'en-GB').format(
                      BigInt(watcher.last_slot),
                    )}
              </Line>
              <Line label={t('money.lag')}>
                {watcher.lag_seconds === null ? '—' : format.ago(watcher.lag_seconds)}
              </Line>
            </dl>
          ) : (
            <p className="text-slate-600">{t('money.offText')}</p>
          )}
          <ErrorLine error={watcher.last_error} />
        </div>
      </div>
    </Card>
  )
}
