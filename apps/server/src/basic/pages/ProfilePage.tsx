// The profile, as the app's (features/profile): the account's details, its statistics and the
// password change (the current one, the new one twice; every other device is signed out).
import { formatDate, formatEur, type Stats, type User } from '@shop/contract'
import { usePage } from '../page-context.js'
import { profilePaths } from '../paths.js'
import { FormError, TextField } from '../ui/Field.js'
import { buttonClass, PostForm } from '../ui/Form.js'
import { Notice } from '../ui/Notice.js'
import { Card, Page } from '../ui/Page.js'

export type PasswordField = 'current_password' | 'new_password' | 'confirm_password'

export interface ProfilePageProps {
  user: User
  stats: Stats
  errors?: Partial<Record<PasswordField, string>>
  formError?: string | undefined
  /** The password was just changed: how many other devices were signed out. */
  changed?: number | undefined
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <dt className="text-slate-600 text-sm">{label}</dt>
      <dd className="mt-1 font-bold text-slate-900 text-xl tabular-nums">{value}</dd>
    </div>
  )
}

export function ProfilePage({ user, stats, errors = {}, formError, changed }: ProfilePageProps) {
  const { t, lang } = usePage()
  return (
    <Page title={t('profile.title')} narrow>
      <div className="flex flex-col gap-6">
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 className="break-all font-semibold text-slate-900 text-xl">{user.username}</h2>
          <p className="mt-1 text-slate-600 text-sm">
            {t('profile.joinedOn', { date: formatDate(user.created_at, lang) })}
          </p>
          {user.telegram_id !== null ? (
            <p className="mt-1 text-slate-600 text-sm">
              {t('profile.telegram', { id: user.telegram_id })}
            </p>
          ) : null}
        </section>
        <Card title={t('profile.stats.title')} titleId="stats-title">
          <dl className="grid grid-cols-2 gap-3">
            <Stat label={t('profile.stats.totalOrders')} value={String(stats.total_orders)} />
            <Stat
              label={t('profile.stats.totalSpent')}
              value={formatEur(stats.total_spent, lang)}
            />
            <Stat
              label={t('profile.stats.currentBalance')}
              value={formatEur(stats.current_balance, lang)}
            />
            <Stat label={t('profile.stats.activeTickets')} value={String(stats.active_tickets)} />
          </dl>
        </Card>
        <Card title={t('profile.password.title')} titleId="password-title">
          {user.telegram_id !== null ? (
            <p className="text-slate-600 text-sm">{t('profile.password.telegram')}</p>
          ) : (
            <PostForm action={profilePaths.password} className="flex flex-col gap-4">
              {changed !== undefined ? (
                <Notice tone="success">{t('profile.password.changed', { count: changed })}</Notice>
              ) : null}
              <FormError message={formError} />
              <TextField
                id="current_password"
                name="current_password"
                type="password"
                label={t('profile.password.current')}
                autoComplete="current-password"
                error={errors.current_password}
                maxLength={200}
              />
              <TextField
                id="new_password"
                name="new_password"
                type="password"
                label={t('profile.password.new')}
                autoComplete="new-password"
                hint={t('auth.register.passwordHint')}
                error={errors.new_password}
                maxLength={200}
              />
              <TextField
                id="confirm_password"
                name="confirm_password"
                type="password"
                label={t('profile.password.confirm')}
                autoComplete="new-password"
                error={errors.confirm_password}
                maxLength={200}
              />
              <p className="text-slate-600 text-sm">{t('profile.password.othersEnd')}</p>
              <button type="submit" className={`${buttonClass.primary} self-start`}>
                {t('profile.password.submit')}
              </button>
            </PostForm>
          )}
        </Card>
      </div>
    </Page>
  )
}
