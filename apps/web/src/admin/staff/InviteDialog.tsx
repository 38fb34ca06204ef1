import { CreateStaffBody, type CreateStaffResponse, type StaffRole } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { CopyButton } from '../../shared/ui/CopyButton'
import { Modal } from '../../shared/ui/Modal'
import { adminCall } from '../api/call'
import { AdminForm } from '../forms/AdminForm'
import { VerbatimField } from '../forms/fields'
import { useForm } from '../forms/useForm'
import { RadioGroup } from '../ui/Choice'
import { DialogActions } from '../ui/DialogActions'

/** A setup link to hand over: shown once, valid for 7 days, for one account. */
export function InviteLink({ username, url }: { username: string; url: string }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">{t('staff.linkText', { username })}</p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-slate-900 text-sm">
          {url}
        </code>
        <CopyButton value={url} label={t('staff.copyLink')} />
      </div>
      <Alert tone="warning">{t('staff.linkWarning')}</Alert>
    </div>
  )
}

/** Invite a staff member: username and role, then the setup link to send them. */
export function InviteDialog({
  onInvited,
  onClose,
}: {
  onInvited: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const form = useForm({ username: '', role: 'support' })
  const invite = useMutation({
    mutationFn: (body: CreateStaffBody) => adminCall('POST /api/admin/staff', { body }),
    onSuccess: onInvited,
    onError: (error) => {
      if (isApiError(error) && (error.code === 'USERNAME_TAKEN' || error.code === 'NAME_TAKEN')) {
        form.fieldError('username', t('staff.errors.taken'))
      } else {
        form.setFormError(getErrorMessage(error, t))
      }
    },
  })
  const body: CreateStaffBody = {
    username: form.values.username.trim(),
    role: form.values.role as StaffRole,
  }
  const created: CreateStaffResponse | undefined = invite.data

  return (
    <Modal open onClose={onClose} title={t('staff.invite')}>
      {created ? (
        <>
          <InviteLink username={body.username} url={created.invite_url} />
          <div className="mt-6 flex justify-end">
            <Button onClick={onClose}>{t('common.done')}</Button>
          </div>
        </>
      ) : (
        <AdminForm
          form={form}
          onSubmit={(event) => {
            if (form.check(event, CreateStaffBody, body, (field) => t(`staff.errors.${field}`))) {
              invite.mutate(body)
            }
          }}
        >
          <VerbatimField
            label={t('staff.username')}
            hint={t('staff.usernameHint')}
            {...form.text('username')}
          />
          <RadioGroup
            legend={t('staff.role')}
            name="role"
            value={form.values.role as StaffRole}
            onChange={(role) => form.set('role', role)}
            options={[
              { value: 'support', label: t('roles.support'), hint: t('roleHints.support') },
              { value: 'owner', label: t('roles.owner'), hint: t('roleHints.owner') },
            ]}
          />
          <DialogActions onBack={onClose}>
            <Button type="submit" loading={invite.isPending}>
              {t('staff.createInvite')}
            </Button>
          </DialogActions>
        </AdminForm>
      )}
    </Modal>
  )
}
