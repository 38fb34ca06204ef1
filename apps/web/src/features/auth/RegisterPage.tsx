import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { AUTHENTICATED_HOME } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { PasswordField, UsernameField } from '../../shared/ui/AuthFields'
import { checkUsername } from './api/checkUsername'
import { useRegister } from './api/register'
import { AuthCard } from './components/AuthCard'
import { AuthForm } from './components/AuthForm'
import { PasswordStrengthBar } from './components/PasswordStrengthBar'
import { useAuthForm } from './useAuthForm'
import { validateRegister } from './validation'

const FIELDS = ['username', 'password', 'confirmPassword'] as const
const TAKEN = 'apiErrors.USERNAME_TAKEN'

export function RegisterPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const register = useRegister()
  const form = useAuthForm(FIELDS, validateRegister)
  const { values } = form

  // Tell early when a well-formed username is taken (GET /api/auth/web/check-username).
  const onUsernameBlur = () => {
    const username = values.username.trim()
    if (!username || validateRegister({ ...values, username }).username) return
    checkUsername(username)
      .then((result) => {
        if (!result.available && result.reason === 'taken') {
          form.showError('username', TAKEN, { keep: true })
        }
      })
      .catch(() => undefined)
  }

  const onSubmit = (event: FormEvent) => {
    if (!form.check(event)) return
    register.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        confirm_password: values.confirmPassword,
      },
      {
        onSuccess: () => navigate(AUTHENTICATED_HOME, { replace: true }),
        onError: (error) => {
          if (isApiError(error) && error.code === 'USERNAME_TAKEN') {
            form.showError('username', TAKEN, { focus: true })
            return
          }
          form.setServerError(getErrorMessage(error, t, t('auth.register.failed')))
        },
      },
    )
  }

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      switchTo={{
        text: t('auth.register.haveAccount'),
        to: '/login',
        label: t('auth.register.signIn'),
      }}
    >
      <AuthForm
        onSubmit={onSubmit}
        error={form.serverError}
        submitLabel={t('auth.register.submit')}
        pending={register.isPending}
      >
        <UsernameField
          {...form.field('username')}
          hint={t('auth.register.usernameHint')}
          onBlur={onUsernameBlur}
        />
        <div>
          <PasswordField
            {...form.field('password')}
            hint={t('auth.register.passwordHint')}
            autoComplete="new-password"
          />
          <PasswordStrengthBar password={values.password} />
        </div>
        <PasswordField {...form.field('confirmPassword')} autoComplete="new-password" />
      </AuthForm>
    </AuthCard>
  )
}
