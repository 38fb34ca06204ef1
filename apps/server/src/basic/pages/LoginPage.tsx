// Sign in: the app's form (features/auth/LoginPage), posted to the server. Past a username's
// limit it asks for a short wait, or a pasted proof of work (decision 0050).
import type { AuthFieldErrors } from '../auth-messages.js'
import { usePage } from '../page-context.js'
import { BASIC_PATHS } from '../paths.js'
import { AuthCard } from '../ui/AuthCard.js'
import { FormError, TextField } from '../ui/Field.js'
import { buttonClass, PostForm } from '../ui/Form.js'
import { Layout } from '../ui/Layout.js'

export interface LoginWaitState {
  ticket: string
  seconds: number
  /** True once the customer came back too early with this ticket. */
  again: boolean
  /** An ALTCHA challenge to solve elsewhere and paste, as text (base64 JSON). */
  challenge: string
}

export interface LoginPageProps {
  username?: string
  errors?: AuthFieldErrors
  formError?: string | undefined
  /** Where to go once signed in (a basic-shop path). */
  next?: string | undefined
  wait?: LoginWaitState | undefined
}

export function LoginPage({ username, errors = {}, formError, next, wait }: LoginPageProps) {
  const { t } = usePage()
  const registerHref = next
    ? `${BASIC_PATHS.register}?next=${encodeURIComponent(next)}`
    : BASIC_PATHS.register
  return (
    <Layout title={t('auth.login.title')}>
      <AuthCard
        title={t('auth.login.title')}
        subtitle={t('auth.login.subtitle')}
        switchTo={{
          text: t('auth.login.noAccount'),
          href: registerHref,
          label: t('auth.login.createAccount'),
        }}
      >
        <PostForm action={BASIC_PATHS.login} className="space-y-4">
          <FormError message={formError} />
          {wait ? <WaitNotice wait={wait} /> : null}
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <TextField
            id="username"
            name="username"
            label={t('auth.fields.username')}
            value={username}
            error={errors.username}
            autoComplete="username"
            maxLength={200}
          />
          <TextField
            id="password"
            name="password"
            type="password"
            label={t('auth.fields.password')}
            error={errors.password}
            autoComplete="current-password"
            maxLength={200}
          />
          {wait ? <ProofField challenge={wait.challenge} /> : null}
          <button type="submit" className={`${buttonClass.primary} w-full`}>
            {t('auth.login.submit')}
          </button>
        </PostForm>
      </AuthCard>
    </Layout>
  )
}

function WaitNotice({ wait }: { wait: LoginWaitState }) {
  const { t } = usePage()
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm"
    >
      <input type="hidden" name="wait" value={wait.ticket} />
      {wait.again
        ? t('basic.login.waitLonger', { seconds: wait.seconds })
        : t('basic.login.wait', { seconds: wait.seconds })}
    </div>
  )
}

/** The other way past the limit: a proof of work solved with any tool, pasted. */
function ProofField({ challenge }: { challenge: string }) {
  const { t } = usePage()
  return (
    <details className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">
        {t('basic.login.proofSummary')}
      </summary>
      <p className="mt-2 text-slate-600">{t('basic.login.proofHint')}</p>
      <label htmlFor="challenge" className="mt-3 block font-medium text-slate-800">
        {t('basic.login.challengeLabel')}
      </label>
      <textarea
        id="challenge"
        readOnly
        rows={3}
        defaultValue={challenge}
        className="mt-1 block w-full break-all rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-xs"
      />
      <label htmlFor="proof" className="mt-3 block font-medium text-slate-800">
        {t('basic.login.proofLabel')}
      </label>
      <textarea
        id="proof"
        name="proof"
        rows={3}
        maxLength={2048}
        className="mt-1 block w-full break-all rounded-lg border border-slate-300 p-2 font-mono text-xs"
      />
    </details>
  )
}
