import { SetupConfirmBody } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { TextField } from '../../shared/ui/Field'
import { adminCall } from '../api/call'
import { useStaffSignIn } from '../auth/useStaffSignIn'
import { AdminForm } from '../forms/AdminForm'
import { useForm } from '../forms/useForm'

/** The first six-digit code proves the authenticator works; the account is then signed in. */
export function ConfirmStep({ token, onBack }: { token: string; onBack: () => void }) {
  const { t } = useTranslation()
  const signIn = useStaffSignIn()
  const form = useForm({ code: '' })

  const confirm = useMutation({
    mutationFn: (body: SetupConfirmBody) =>
      adminCall('POST /api/admin/setup/confirm', { body, handleAuthErrors: false }),
    onSuccess: (auth) => signIn(auth),
    onError: (error) => form.setFormError(getErrorMessage(error, t)),
  })

  const body: SetupConfirmBody = { token, code: form.values.code.replace(/\s/g, '') }

  return (
    <AdminForm
      form={form}
      onSubmit={(event) => {
        if (form.check(event, SetupConfirmBody, body, () => t('setup.errors.code'))) {
          confirm.mutate(body)
        }
      }}
    >
      <TextField
        label={t('setup.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        className="font-mono text-lg tracking-widest"
        {...form.text('code')}
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          {t('setup.back')}
        </Button>
        <Button type="submit" size="lg" loading={confirm.isPending}>
          {t('setup.finish')}
        </Button>
      </div>
    </AdminForm>
  )
}
