import { useAuthStore } from '../../shared/auth/store'
import { FaqList } from '../../shared/faq/FaqList'
import { useTranslation } from '../../shared/i18n'
import { ButtonLink } from '../../shared/ui/Button'
import { ChatIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'

/** Where a question the FAQ does not answer goes: support for customers, an account first. */
function StillQuestions() {
  const { t } = useTranslation()
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated)
  return (
    <section
      aria-labelledby="faq-more"
      className="mt-8 flex flex-col gap-4 rounded-2xl bg-slate-50 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-emerald-700 shadow-sm">
          <ChatIcon className="size-5" />
        </span>
        <div>
          <h2 id="faq-more" className="font-semibold text-slate-900">
            {t('faq.more.title')}
          </h2>
          <p className="mt-0.5 text-slate-600 text-sm">
            {isAuthenticated ? t('faq.more.customer') : t('faq.more.visitor')}
          </p>
        </div>
      </div>
      {isAuthenticated ? (
        <ButtonLink to="/support" className="shrink-0">
          {t('faq.more.toSupport')}
        </ButtonLink>
      ) : (
        <div className="flex shrink-0 flex-wrap gap-2">
          <ButtonLink to="/login" variant="secondary">
            {t('nav.login')}
          </ButtonLink>
          <ButtonLink to="/register">{t('nav.register')}</ButtonLink>
        </div>
      )}
    </section>
  )
}

/** /faq: the frequently asked questions, for everyone, signed in or not. */
export function FaqPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('faq.title')} description={t('faq.subtitle')} width="medium">
      <FaqList />
      <StillQuestions />
    </Page>
  )
}
