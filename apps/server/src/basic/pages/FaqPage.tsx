// The FAQ, open to everyone, as the app's (features/faq): each question opens its answer without a
// script (<details>), then the way to support.
import type { FaqItem } from '@shop/contract'
import { usePage } from '../page-context.js'
import { BASIC_PATHS } from '../paths.js'
import { buttonClass } from '../ui/Form.js'
import { Page } from '../ui/Page.js'

export function FaqPage({ items }: { items: FaqItem[] }) {
  const { t, auth } = usePage()
  return (
    <Page title={t('faq.title')} description={t('faq.subtitle')} narrow>
      {items.length === 0 ? (
        <p className="text-slate-600">{t('support.faqEmpty')}</p>
      ) : (
        <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {items.map((item) => (
            <details key={item.question} className="group px-4 py-3 sm:px-5">
              <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-900">
                {item.question}
              </summary>
              <p className="mt-2 whitespace-pre-line break-words pb-2 text-slate-700">
                {item.answer}
              </p>
            </details>
          ))}
        </div>
      )}
      <section
        aria-labelledby="faq-more"
        className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
      >
        <h2 id="faq-more" className="font-semibold text-lg text-slate-900">
          {t('faq.more.title')}
        </h2>
        <p className="mt-1 text-slate-600">
          {auth ? t('faq.more.customer') : t('faq.more.visitor')}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {auth ? (
            <a href={BASIC_PATHS.support} className={buttonClass.primary}>
              {t('faq.more.toSupport')}
            </a>
          ) : (
            <>
              <a href={BASIC_PATHS.login} className={buttonClass.primary}>
                {t('nav.login')}
              </a>
              <a href={BASIC_PATHS.register} className={buttonClass.secondary}>
                {t('nav.register')}
              </a>
            </>
          )}
        </div>
      </section>
    </Page>
  )
}
