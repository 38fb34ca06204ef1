import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { getErrorMessage } from '../../../shared/api/errors'
import { useAuthStore } from '../../../shared/auth/store'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { Alert } from '../../../shared/ui/Alert'
import { Button } from '../../../shared/ui/Button'
import { TextField } from '../../../shared/ui/Field'
import { Modal } from '../../../shared/ui/Modal'
import { notify } from '../../../shared/ui/toast'
import { useDeleteAccount } from '../api/account'
import { useStats } from '../api/profile'

interface DeleteAccountProps {
  /** An account created through Telegram has no password: it confirms with its username. */
  withUsername: boolean
}

/** What deleting keeps (for the shop's books, without the name) and what it removes. */
function Consequences() {
  const { t } = useTranslation()
  const format = useFormat()
  // The profile's own figures already carry the balance.
  const balance = useStats().data?.current_balance ?? 0
  return (
    <div className="flex flex-col gap-3 text-slate-700 text-sm">
      <p>{t('profile.delete.removed')}</p>
      <p>{t('profile.delete.kept')}</p>
      {balance > 0 ? (
        <Alert tone="warning">
          {t('profile.delete.balanceLost', { amount: format.eur(balance) })}
        </Alert>
      ) : null}
    </div>
  )
}

/**
 * The confirmation: the consequences, the password (or the username), and the button. Once the
 * server has deleted the account, this device forgets the session and goes home.
 */
function ConfirmDeletion({ withUsername, onClose }: DeleteAccountProps & { onClose: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const remove = useDeleteAccount()
  const [confirmation, setConfirmation] = useState('')
  const [error, setError] = useState<string | null>(null)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!confirmation) {
      setError(
        t(withUsername ? 'profile.delete.usernameRequired' : 'profile.password.currentRequired'),
      )
      return
    }
    remove.mutate(confirmation, {
      onSuccess: () => {
        // The server has ended every session of the account ('revoked': the guards send this
        // screen home, not to /login); clearing also empties every cached answer (providers).
        useAuthStore.getState().clear('revoked')
        notify.success(t('profile.delete.done'))
        navigate('/', { replace: true })
      },
      onError: (failure) => setError(getErrorMessage(failure, t)),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Consequences />
      <TextField
        label={t(withUsername ? 'profile.delete.usernameLabel' : 'profile.delete.passwordLabel')}
        name={withUsername ? 'username' : 'password'}
        type={withUsername ? 'text' : 'password'}
        autoComplete={withUsername ? 'off' : 'current-password'}
        value={confirmation}
        onChange={(event) => {
          setConfirmation(event.target.value)
          setError(null)
        }}
        error={error}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={remove.isPending}>
          {t('profile.delete.confirm')}
        </Button>
      </div>
    </form>
  )
}

/** The profile's last section: deleting the account, after a confirmation. */
export function DeleteAccount({ withUsername }: DeleteAccountProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <section
      aria-labelledby="profile-delete"
      className="mt-8 rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="profile-delete" className="font-semibold text-lg text-slate-900">
        {t('profile.delete.title')}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">{t('profile.delete.text')}</p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        {t('profile.delete.open')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('profile.delete.dialogTitle')}
        description={t('profile.delete.dialogText')}
      >
        <ConfirmDeletion withUsername={withUsername} onClose={() => setOpen(false)} />
      </Modal>
    </section>
  )
}
