import { type SetupInspectResponse, type SetupResponse, SetupToken } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Value } from 'typebox/value'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { SectionSpinner } from '../../shared/ui/QueryState'
import { adminCall } from '../api/call'
import { AuthFrame } from '../ui/AuthFrame'
import { AccountStep } from './AccountStep'
import { AuthenticatorStep } from './AuthenticatorStep'
import { ConfirmStep } from './ConfirmStep'

type Step =
  | { name: 'account' }
  | { name: 'authenticator'; secret: SetupResponse }
  | { name: 'confirm'; secret: SetupResponse }

/** The steps as the staff member sees them: a small "Step 2 of 3" line. */
function StepLine({ step }: { step: Step['name'] }) {
  const { t } = useTranslation()
  const index = ['account', 'authenticator', 'confirm'].indexOf(step) + 1
  return (
    <p className="mb-4 font-semibold text-emerald-700 text-xs uppercase tracking-wide">
      {t('setup.step', { step: index, total: 3 })}
    </p>
  )
}

function InvalidLink({ text }: { text: string }) {
  const { t } = useTranslation()
  return (
    <AuthFrame title={t('setup.invalidTitle')}>
      <Alert tone="error">{text}</Alert>
      <Link to="/login" className="mt-6 inline-block font-semibold text-emerald-700 underline">
        {t('setup.toLogin')}
      </Link>
    </AuthFrame>
  )
}

/**
 * /admin/setup?token=…: the first owner's account, or an invited staff member's. The link says
 * which (POST /setup/inspect); then a password, the authenticator (QR code, secret, recovery
 * codes) and a first code, after which the staff member is signed in.
 */
export function SetupPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const wellFormed = Value.Check(SetupToken, token)
  const [step, setStep] = useState<Step>({ name: 'account' })

  const inspect = useQuery({
    queryKey: ['admin', 'setup', token],
    queryFn: ({ signal }) =>
      adminCall('POST /api/admin/setup/inspect', {
        body: { token },
        signal,
        handleAuthErrors: false,
      }),
    enabled: wellFormed,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  })

  if (!wellFormed) return <InvalidLink text={t('apiErrors.SETUP_TOKEN_INVALID')} />
  if (inspect.isPending) {
    return (
      <AuthFrame title={t('setup.title')}>
        <SectionSpinner className="py-8" />
      </AuthFrame>
    )
  }
  if (inspect.isError) {
    const error = inspect.error
    const notFound = isApiError(error) && error.status === 404
    return (
      <InvalidLink
        text={notFound ? t('apiErrors.SETUP_TOKEN_INVALID') : getErrorMessage(error, t)}
      />
    )
  }

  const link: SetupInspectResponse = inspect.data
  const title = link.kind === 'owner' ? t('setup.ownerTitle') : t('setup.inviteTitle')

  if (step.name === 'account') {
    return (
      <AuthFrame
        title={title}
        description={
          link.kind === 'owner'
            ? t('setup.ownerText')
            : t('setup.inviteText', { role: t(`roles.${link.role}`) })
        }
      >
        <StepLine step="account" />
        <AccountStep
          token={token}
          link={link}
          onDone={(secret) => setStep({ name: 'authenticator', secret })}
        />
      </AuthFrame>
    )
  }
  if (step.name === 'authenticator') {
    return (
      <AuthFrame
        title={t('setup.authenticatorTitle')}
        description={t('setup.authenticatorText')}
        wide
      >
        <StepLine step="authenticator" />
        <AuthenticatorStep
          secret={step.secret}
          onContinue={() => setStep({ name: 'confirm', secret: step.secret })}
        />
      </AuthFrame>
    )
  }
  return (
    <AuthFrame title={t('setup.confirmTitle')} description={t('setup.confirmText')}>
      <StepLine step="confirm" />
      <ConfirmStep
        token={token}
        onBack={() => setStep({ name: 'authenticator', secret: step.secret })}
      />
    </AuthFrame>
  )
}
