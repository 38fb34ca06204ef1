import { StaffLoginBody } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { PasswordField, UsernameField } from '../../shared/ui/AuthFields'
import { Button } from '../../shared/ui/Button'
import { useStaffSignIn } from '../auth/useStaffSignIn'
import { AdminForm } from '../forms/AdminForm'
import { VerbatimField } from '../forms/fields'
import { useForm } from '../forms/useForm'
import { AuthFrame } from '../ui/AuthFrame'
import { staffLogin } from './api'

/**
 * Staff sign-in: username, password and an authenticator or recovery code. After too many wrong
 * guesses for the name the browser first solves a proof of work, and says so meanwhile.
 */
export function LoginPage() {
  const { t } = useTranslation()
  const location = useLocation()
  const signIn = useStaffSignIn()
  const form = useForm({ username: '', password: '', code: '' })
  const from = (location.state as { from?: string } | null)?.from
  const [solving, setSolving] = useState(false)

  const login = useMutation({
    mutationFn: (body: StaffLoginBody) => staffLogin(body, () => setSolving(true)),
    onSettled: () => setSolving(false),
    onSuccess: (auth) => signIn(auth, from && from !== '/login' ? from : '/'),
    onError: (error) => {
      // A code is good for one try: the field is emptied for the next one.
      form.reset({ ...form.values, code: '' })
      // One message whichever part was wrong: the answer does not say which.
      form.setFormError(
        isApiError(error) && error.code === 'INVALID_CREDENTIALS'
          ? t('login.invalid')
          : getErrorMessage(error, t),
      )
    },
  })

  const body: StaffLoginBody = {
    username: form.values.username.trim(),
    password: form.values.password,
    code: form.values.code.trim(),
  }

  return (
    <AuthFrame title={t('login.title')} description={t('login.description')}>
      <AdminForm
        form={form}
        onSubmit={(event) => {
          if (form.check(event, StaffLoginBody, body, (field) => t(`login.errors.${field}`))) {
            login.mutate(body)
          }
        }}
      >
        {solving ? <Alert tone="info">{t('login.solving')}</Alert> : null}
        <UsernameField label={t('login.username')} {...form.text('username')} />
        <PasswordField
          label={t('login.password')}
          autoComplete="current-password"
          {...form.text('password')}
        />
        <VerbatimField
          label={t('login.code')}
          hint={t('login.codeHint')}
          autoComplete="one-time-code"
          {...form.text('code')}
        />
        <Button type="submit" size="lg" loading={login.isPending} className="mt-2 w-full">
          {t('login.submit')}
        </Button>
      </AdminForm>
    </AuthFrame>
  )
}
