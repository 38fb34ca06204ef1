import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { AUTHENTICATED_HOME } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { TextField } from '../../shared/ui/Field'
import { checkUsername } from './api/checkUsername'
import { useRegister } from './api/register'
import { AuthCard } from './components/AuthCard'
import { PasswordStrengthBar } from './components/PasswordStrengthBar'
import { type FieldErrors, hasErrors, type RegisterValues, validateRegister } from './validation'

const linkClass = 'font-semibold text-emerald-700 underline-offset-4 hover:underline'
const FIELDS = ['username', 'password', 'confirmPassword'] as const

export function RegisterPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const register = useRegister()
  const [values, setValues] = useState<RegisterValues>({
    username: '',
    password: '',
    confirmPassword: '',
  })
  const [errors, setErrors] = useState<FieldErrors<RegisterValues>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const refs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  }

  const change = (field: keyof RegisterValues) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
    setServerError(null)
  }

  // Tell early when a well-formed username is taken (GET /api/auth/web/check-username).
  const onUsernameBlur = () => {
    const username = values.username.trim()
    if (!username || validateRegister({ ...values, username }).username) return
    checkUsername(username)
      .then((result) => {
        if (!result.available && result.reason === 'taken') {
          setErrors((current) =>
            current.username ? current : { ...current, username: 'apiErrors.USERNAME_TAKEN' },
          )
        }
      })
      .catch(() => undefined)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const found = validateRegister(values)
    setErrors(found)
    if (hasErrors(found)) {
      const first = FIELDS.find((field) => found[field])
      if (first) refs[first].current?.focus()
      return
    }
    setServerError(null)
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
            setErrors((current) => ({ ...current, username: 'apiErrors.USERNAME_TAKEN' }))
            refs.username.current?.focus()
            return
          }
          setServerError(getErrorMessage(error, t, t('auth.register.failed')))
        },
      },
    )
  }

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Link to="/login" className={linkClass}>
            {t('auth.register.signIn')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {serverError ? <Alert tone="error">{serverError}</Alert> : null}
        <TextField
          ref={refs.username}
          label={t('auth.fields.username')}
          hint={t('auth.register.usernameHint')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={change('username')}
          onBlur={onUsernameBlur}
          error={errors.username ? t(errors.username) : null}
        />
        <div>
          <TextField
            ref={refs.password}
            label={t('auth.fields.password')}
            hint={t('auth.register.passwordHint')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={change('password')}
            error={errors.password ? t(errors.password) : null}
          />
          <PasswordStrengthBar password={values.password} />
        </div>
        <TextField
          ref={refs.confirmPassword}
          label={t('auth.fields.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={change('confirmPassword')}
          error={errors.confirmPassword ? t(errors.confirmPassword) : null}
        />
        <Button type="submit" size="lg" loading={register.isPending} className="mt-2 w-full">
          {t('auth.register.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
