import type { SetupResponse } from '@shop/contract'
import { QRCodeSVG } from 'qrcode.react'
import { useState } from 'react'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { CopyButton } from '../../shared/ui/CopyButton'
import { Checkbox } from '../ui/Choice'

/** The base32 secret of an otpauth:// URI, in groups of four for typing by hand. */
export function secretOf(otpauthUri: string): string {
  let secret = ''
  try {
    secret = new URL(otpauthUri).searchParams.get('secret') ?? ''
  } catch {
    secret = ''
  }
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * The authenticator, shown once: the otpauth:// URI as a QR code drawn here, the secret as text
 * for typing by hand, and the ten recovery codes, which must be saved before going on.
 */
export function AuthenticatorStep({
  secret,
  onContinue,
}: {
  secret: SetupResponse
  onContinue: () => void
}) {
  const { t } = useTranslation()
  const [saved, setSaved] = useState(false)
  const manual = secretOf(secret.otpauth_uri)
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="setup-qr" className="flex flex-col items-center gap-3">
          <h2 id="setup-qr" className="self-start font-semibold text-slate-900">
            {t('setup.scan')}
          </h2>
          <div className="rounded-xl border border-slate-200 bg-white p-3">
            <QRCodeSVG
              value={secret.otpauth_uri}
              size={192}
              level="M"
              title={t('setup.qrLabel')}
              role="img"
              aria-label={t('setup.qrLabel')}
            />
          </div>
          <div className="w-full">
            <p className="text-slate-600 text-sm">{t('setup.manual')}</p>
            <div className="mt-1.5 flex items-center gap-2">
              <code className="min-w-0 flex-1 break-words rounded-lg bg-slate-100 px-3 py-2 font-mono text-slate-900 text-sm">
                {manual}
              </code>
              <CopyButton value={manual.replace(/\s/g, '')} label={t('setup.copySecret')} />
            </div>
          </div>
        </section>
        <section aria-labelledby="setup-recovery">
          <div className="flex items-center justify-between gap-2">
            <h2 id="setup-recovery" className="font-semibold text-slate-900">
              {t('setup.recoveryTitle')}
            </h2>
            <CopyButton value={secret.recovery_codes.join('\n')} label={t('setup.copyRecovery')} />
          </div>
          <p className="mt-1 text-slate-600 text-sm">{t('setup.recoveryText')}</p>
          <ol className="mt-3 grid grid-cols-2 gap-2 font-mono text-slate-900 text-sm">
            {secret.recovery_codes.map((code) => (
              <li key={code} className="rounded-lg bg-slate-100 px-3 py-1.5 text-center">
                {code}
              </li>
            ))}
          </ol>
        </section>
      </div>
      <Alert tone="warning">{t('setup.onceWarning')}</Alert>
      <Checkbox label={t('setup.saved')} checked={saved} onChange={setSaved} />
      <Button
        size="lg"
        disabled={!saved}
        onClick={onContinue}
        className="w-full sm:w-auto sm:self-end"
      >
        {t('setup.continue')}
      </Button>
    </div>
  )
}
