import { type FormEvent, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { getErrorMessage } from '../../shared/api/errors'
import { AUTHENTICATED_HOME } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { TextField } from '../../shared/ui/Field'
import { useLogin } from './api/login'
import { AuthCard } from './components/AuthCard'
import { type FieldErrors, hasErrors, type LoginValues, validateLogin } from './validation'

const linkClass = 'font-semibold text-emerald-700 underline-offset-4 hover:underline'

export function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const from = (location.state as { from?: string } | null)?.from
  const login = useLogin()
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' })
  const [errors, setErrors] = useState<FieldErrors<LoginValues>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const refs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  }

  const change = (field: keyof LoginValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    // Errors clear per field when the field is edited.
    setErrors((current) => ({ ...current, [field]: undefined }))
    setServerError(null)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const found = validateLogin(values)
    setErrors(found)
    if (hasErrors(found)) {
      const first = (['username', 'password'] as const).find((field) => found[field])
      if (first) refs[first].current?.focus()
      return
    }
    setServerError(null)
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: () =>
          navigate(from && from !== '/login' ? from : AUTHENTICATED_HOME, { replace: true }),
        onError: (error) => setServerError(getErrorMessage(error, t, t('auth.login.failed'))),
      },
    )
  }

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link to="/register" className={linkClass}>
            {t('auth.login.createAccount')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {serverError ? <Alert tone="error">{serverError}</Alert> : null}
        <TextField
          ref={refs.username}
          label={t('auth.fields.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={change('username')}
          error={errors.username ? t(errors.username) : null}
        />
        <TextField
          ref={refs.password}
          label={t('auth.fields.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password ? t(errors.password) : null}
        />
        <Button type="submit" size="lg" loading={login.isPending} className="mt-2 w-full">
          {t('auth.login.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
