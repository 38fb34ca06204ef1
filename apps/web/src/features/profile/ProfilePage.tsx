import type { ReactNode } from 'react'
import { useAuthStore } from '../../shared/auth/store'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { UserIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Spinner } from '../../shared/ui/Spinner'
import { useMe, useStats } from './api/profile'

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="text-slate-600 text-sm">{label}</dt>
      <dd className="mt-1 font-bold text-slate-900 text-xl tabular-nums sm:text-2xl">{value}</dd>
    </div>
  )
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between sm:gap-6">
      <dt className="text-slate-600 text-sm">{label}</dt>
      <dd className="break-all font-medium text-slate-900">{value}</dd>
    </div>
  )
}

/** /profile: user details and statistics. */
export function ProfilePage() {
  const { t } = useTranslation()
  const format = useFormat()
  const stored = useAuthStore((state) => state.user)
  const me = useMe()
  const stats = useStats()
  const user = me.data ?? stored
  const loading = <Spinner size="sm" label={t('common.loading')} />

  return (
    <Page title={t('profile.title')} width="medium">
      <section
        aria-labelledby="profile-details"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="flex items-center gap-4">
          <span className="flex size-14 items-center justify-center rounded-full bg-slate-900 text-emerald-400">
            <UserIcon className="size-7" />
          </span>
          <div className="min-w-0">
            <h2 id="profile-details" className="truncate font-semibold text-slate-900 text-xl">
              {user?.first_name || user?.username}
            </h2>
            <p className="text-slate-600 text-sm">{t('profile.details')}</p>
          </div>
        </div>
        {user ? (
          <dl className="mt-4 divide-y divide-slate-200 border-slate-200 border-t">
            <Detail label={t('profile.firstName')} value={user.first_name || '—'} />
            <Detail label={t('profile.username')} value={user.username} />
            <Detail
              label={t('profile.telegramId')}
              value={user.telegram_id === null ? t('profile.notLinked') : String(user.telegram_id)}
            />
            <Detail
              label={t('profile.joined')}
              value={<time dateTime={user.created_at}>{format.date(user.created_at)}</time>}
            />
          </dl>
        ) : null}
      </section>

      <section aria-labelledby="profile-stats" className="mt-8">
        <h2 id="profile-stats" className="mb-3 font-semibold text-lg text-slate-900">
          {t('profile.stats.title')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4">
          <Stat
            label={t('profile.stats.totalOrders')}
            value={stats.data ? stats.data.total_orders : loading}
          />
          <Stat
            label={t('profile.stats.totalSpent')}
            value={stats.data ? format.eur(stats.data.total_spent) : loading}
          />
          <Stat
            label={t('profile.stats.currentBalance')}
            value={stats.data ? format.eur(stats.data.current_balance) : loading}
          />
          <Stat
            label={t('profile.stats.activeTickets')}
            value={stats.data ? stats.data.active_tickets : loading}
          />
        </dl>
      </section>
    </Page>
  )
}
