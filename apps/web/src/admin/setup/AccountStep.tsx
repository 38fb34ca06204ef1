import { SetupBody, type SetupInspectResponse, type SetupResponse } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { PasswordField, UsernameField } from '../../shared/ui/AuthFields'
import { Button } from '../../shared/ui/Button'
import { adminCall } from '../api/call'
import { AdminForm } from '../forms/AdminForm'
import { useForm } from '../forms/useForm'

interface AccountStepProps {
  token: string
  link: SetupInspectResponse
  onDone: (secret: SetupResponse) => void
}

/** Username (the first owner chooses it; an invitation fixes it) and a password, typed twice. */
export function AccountStep({ token, link, onDone }: AccountStepProps) {
  const { t } = useTranslation()
  const form = useForm({ username: link.username ?? '', password: '', repeat: '' })

  const setup = useMutation({
    mutationFn: (body: SetupBody) =>
      adminCall('POST /api/admin/setup', { body, handleAuthErrors: false }),
    onSuccess: onDone,
    onError: (error) => {
      if (isApiError(error) && error.code === 'USERNAME_TAKEN') {
        form.fieldError('username', getErrorMessage(error, t))
      } else {
        form.setFormError(getErrorMessage(error, t))
      }
    },
  })

  const body: SetupBody = {
    token,
    username: form.values.username.trim(),
    password: form.values.password,
  }

  return (
    <AdminForm
      form={form}
      onSubmit={(event) => {
        const repeat =
          form.values.repeat === form.values.password ? undefined : t('setup.errors.repeat')
        if (form.check(event, SetupBody, body, (field) => t(`setup.errors.${field}`), { repeat })) {
          setup.mutate(body)
        }
      }}
    >
      <UsernameField
        label={t('setup.username')}
        hint={link.kind === 'owner' ? t('setup.usernameHint') : t('setup.usernameFixed')}
        readOnly={link.kind === 'invitation'}
        {...form.text('username')}
      />
      <PasswordField
        label={t('setup.password')}
        hint={t('setup.passwordHint')}
        autoComplete="new-password"
        {...form.text('password')}
      />
      <PasswordField
        label={t('setup.repeat')}
        autoComplete="new-password"
        {...form.text('repeat')}
      />
      <Button type="submit" size="lg" loading={setup.isPending} className="mt-2 w-full">
        {t('setup.continue')}
      </Button>
    </AdminForm>
  )
}
