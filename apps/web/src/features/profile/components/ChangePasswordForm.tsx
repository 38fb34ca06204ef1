import { type FormEvent, useState } from 'react'
import { getErrorMessage, isApiError } from '../../../shared/api/errors'
import { useTranslation } from '../../../shared/i18n'
import { Alert } from '../../../shared/ui/Alert'
import { PasswordField } from '../../../shared/ui/AuthFields'
import { Button } from '../../../shared/ui/Button'
import { notify } from '../../../shared/ui/toast'
import { useChangePassword } from '../api/account'

type Field = 'current' | 'next' | 'confirmation'
/** Each field's message, in the language shown. */
type Errors = Partial<Record<Field, string>>

const EMPTY = { current: '', next: '', confirmation: '' }

/**
 * The i18n key of each field's first problem found here. The new password's length is the
 * server's to judge (the sign-up rules, PASSWORD_INVALID on its field): checking it here too would
 * bring the contract's rules into the page for one message.
 */
function validate(values: typeof EMPTY): Partial<Record<Field, string>> {
  return {
    current: values.current ? undefined : 'profile.password.currentRequired',
    next: values.next ? undefined : 'auth.validation.passwordRequired',
    confirmation: !values.confirmation
      ? 'auth.validation.confirmRequired'
      : values.confirmation !== values.next
        ? 'auth.validation.passwordsDoNotMatch'
        : undefined,
  }
}

/** The field an answer of the server is about, if it is about one. */
const FIELD_OF: Record<string, Field> = {
  PASSWORD_WRONG: 'current',
  PASSWORD_INVALID: 'next',
  PASSWORDS_DO_NOT_MATCH: 'confirmation',
}

/**
 * Change password: the current one, the new one twice. On success every other signed-in device
 * is signed out (the toast says how many) and this one stays.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation()
  const change = useChangePassword()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)

  const edit = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    const found = Object.entries(validate(values)).filter(([, key]) => key)
    if (found.length > 0) {
      setErrors(Object.fromEntries(found.map(([field, key]) => [field, t(key as string)])))
      return
    }
    change.mutate(
      {
        current_password: values.current,
        new_password: values.next,
        confirm_password: values.confirmation,
      },
      {
        onSuccess: (result) => {
          setValues(EMPTY)
          notify.success(t('profile.password.changed', { count: result.other_sessions_ended }))
        },
        onError: (error) => {
          const field = isApiError(error) && error.code ? FIELD_OF[error.code] : undefined
          const message = getErrorMessage(error, t)
          if (field) setErrors({ [field]: message })
          else setFailure(message)
        },
      },
    )
  }

  const error = (field: Field) => errors[field] ?? null

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <PasswordField
        label={t('profile.password.current')}
        name="current-password"
        autoComplete="current-password"
        value={values.current}
        onChange={edit('current')}
        error={error('current')}
      />
      <PasswordField
        label={t('profile.password.new')}
        name="new-password"
        autoComplete="new-password"
        hint={t('auth.register.passwordHint')}
        value={values.next}
        onChange={edit('next')}
        error={error('next')}
      />
      <PasswordField
        label={t('profile.password.confirm')}
        name="confirm-password"
        autoComplete="new-password"
        value={values.confirmation}
        onChange={edit('confirmation')}
        error={error('confirmation')}
      />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <p className="text-slate-600 text-sm">{t('profile.password.othersEnd')}</p>
      <Button type="submit" className="self-start" loading={change.isPending}>
        {t('profile.password.submit')}
      </Button>
    </form>
  )
}
