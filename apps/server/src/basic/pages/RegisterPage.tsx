// Create account: the app's form (features/auth/RegisterPage), posted to the server. The password
// strength meter is left out (decision 0049): the hint under the field states the rule it shows.
import type { AuthFieldErrors } from '../auth-messages.js'
import { usePage } from '../page-context.js'
import { BASIC_PATHS } from '../paths.js'
import { AuthCard } from '../ui/AuthCard.js'
import { FormError, TextField } from '../ui/Field.js'
import { buttonClass, PostForm } from '../ui/Form.js'
import { Layout } from '../ui/Layout.js'

export interface RegisterPageProps {
  username?: string
  errors?: AuthFieldErrors
  formError?: string | undefined
  next?: string | undefined
}

export function RegisterPage({ username, errors = {}, formError, next }: RegisterPageProps) {
  const { t } = usePage()
  const loginHref = next
    ? `${BASIC_PATHS.login}?next=${encodeURIComponent(next)}`
    : BASIC_PATHS.login
  return (
    <Layout title={t('auth.register.title')}>
      <AuthCard
        title={t('auth.register.title')}
        subtitle={t('auth.register.subtitle')}
        switchTo={{
          text: t('auth.register.haveAccount'),
          href: loginHref,
          label: t('auth.register.signIn'),
        }}
      >
        <PostForm action={BASIC_PATHS.register} className="space-y-4">
          <FormError message={formError} />
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <TextField
            id="username"
            name="username"
            label={t('auth.fields.username')}
            value={username}
            error={errors.username}
            hint={t('auth.register.usernameHint')}
            autoComplete="username"
            maxLength={200}
          />
          <TextField
            id="password"
            name="password"
            type="password"
            label={t('auth.fields.password')}
            error={errors.password}
            hint={t('auth.register.passwordHint')}
            autoComplete="new-password"
            maxLength={200}
          />
          <TextField
            id="confirm_password"
            name="confirm_password"
            type="password"
            label={t('auth.fields.confirmPassword')}
            error={errors.confirm_password}
            autoComplete="new-password"
            maxLength={200}
          />
          <button type="submit" className={`${buttonClass.primary} w-full`}>
            {t('auth.register.submit')}
          </button>
        </PostForm>
      </AuthCard>
    </Layout>
  )
}
