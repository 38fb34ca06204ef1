import type { FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { getErrorMessage } from '../../shared/api/errors'
import { AUTHENTICATED_HOME } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { PasswordField, UsernameField } from '../../shared/ui/AuthFields'
import { useLogin } from './api/login'
import { AuthCard } from './components/AuthCard'
import { AuthForm } from './components/AuthForm'
import { useAuthForm } from './useAuthForm'
import { validateLogin } from './validation'

const FIELDS = ['username', 'password'] as const

export function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const from = (location.state as { from?: string } | null)?.from
  const login = useLogin()
  const form = useAuthForm(FIELDS, validateLogin)

  const onSubmit = (event: FormEvent) => {
    if (!form.check(event)) return
    login.mutate(
      { username: form.values.username.trim(), password: form.values.password },
      {
        onSuccess: () =>
          navigate(from && from !== '/login' ? from : AUTHENTICATED_HOME, { replace: true }),
        onError: (error) => form.setServerError(getErrorMessage(error, t, t('auth.login.failed'))),
      },
    )
  }

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      switchTo={{
        text: t('auth.login.noAccount'),
        to: '/register',
        label: t('auth.login.createAccount'),
      }}
    >
      <AuthForm
        onSubmit={onSubmit}
        error={form.serverError}
        submitLabel={t('auth.login.submit')}
        pending={login.isPending}
      >
        <UsernameField {...form.field('username')} />
        <PasswordField {...form.field('password')} autoComplete="current-password" />
      </AuthForm>
    </AuthCard>
  )
}
