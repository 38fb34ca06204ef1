import type { ReactNode } from 'react'
import { useAuthStore } from '../../shared/auth/store'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { TelegramIcon, UserIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Spinner } from '../../shared/ui/Spinner'
import { useMe, useStats } from './api/profile'
import { ChangePasswordForm } from './components/ChangePasswordForm'
import { DeleteAccount } from './components/DeleteAccount'

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="text-slate-600 text-sm">{label}</dt>
      <dd className="mt-1 font-bold text-slate-900 text-xl tabular-nums sm:text-2xl">{value}</dd>
    </div>
  )
}

/** The account: its username (once), since when, and its Telegram sign-in when it has one. */
function Account() {
  const { t } = useTranslation()
  const format = useFormat()
  const stored = useAuthStore((state) => state.user)
  const user = useMe().data ?? stored
  if (!user) return null
  return (
    <section
      aria-labelledby="profile-account"
      className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-slate-900 text-emerald-400">
        <UserIcon className="size-7" />
      </span>
      <div className="min-w-0">
        <h2 id="profile-account" className="break-all font-semibold text-slate-900 text-xl">
          {user.username}
        </h2>
        <p className="text-slate-600 text-sm">
          {t('profile.joinedOn', { date: format.date(user.created_at) })}
        </p>
        {user.telegram_id === null ? null : (
          <p className="mt-1 flex items-center gap-1.5 text-slate-600 text-sm">
            <TelegramIcon className="size-4 text-sky-600" />
            {user.first_name && user.first_name !== user.username
              ? t('profile.telegramAs', { name: user.first_name, id: user.telegram_id })
              : t('profile.telegram', { id: user.telegram_id })}
          </p>
        )}
      </div>
    </section>
  )
}

function Statistics() {
  const { t } = useTranslation()
  const format = useFormat()
  const stats = useStats().data
  const loading = <Spinner size="sm" label={t('common.loading')} />
  return (
    <section aria-labelledby="profile-stats" className="mt-8">
      <h2 id="profile-stats" className="mb-3 font-semibold text-lg text-slate-900">
        {t('profile.stats.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4">
        <Stat label={t('profile.stats.totalOrders')} value={stats ? stats.total_orders : loading} />
        <Stat
          label={t('profile.stats.totalSpent')}
          value={stats ? format.eur(stats.total_spent) : loading}
        />
        <Stat
          label={t('profile.stats.currentBalance')}
          value={stats ? format.eur(stats.current_balance) : loading}
        />
        <Stat
          label={t('profile.stats.activeTickets')}
          value={stats ? stats.active_tickets : loading}
        />
      </dl>
    </section>
  )
}

/** /profile: the account, its statistics, changing the password and deleting the account. */
export function ProfilePage() {
  const { t } = useTranslation()
  const stored = useAuthStore((state) => state.user)
  const user = useMe().data ?? stored
  // Accounts created through Telegram sign in there: they have no password.
  const telegramOnly = user ? user.telegram_id !== null : false

  return (
    <Page title={t('profile.title')} width="medium">
      <Account />
      <Statistics />
      <section
        aria-labelledby="profile-password"
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="profile-password" className="mb-4 font-semibold text-lg text-slate-900">
          {t('profile.password.title')}
        </h2>
        {telegramOnly ? (
          <p className="text-slate-600 text-sm">{t('profile.password.telegram')}</p>
        ) : (
          <ChangePasswordForm />
        )}
      </section>
      <DeleteAccount withUsername={telegramOnly} />
    </Page>
  )
}
