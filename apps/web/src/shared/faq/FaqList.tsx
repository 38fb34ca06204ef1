import { useTranslation } from '../i18n'
import { RetryAlert } from '../ui/Alert'
import { Spinner } from '../ui/Spinner'
import { useFaq } from './faqQuery'

/**
 * The questions and answers in the active language, each opening on its own: the public FAQ
 * page's, and the one a support page can show.
 */
export function FaqList() {
  const { t } = useTranslation()
  const faq = useFaq()
  // Its states by hand rather than with QueryState: the public page needs none of the empty
  // states the lists share with it, and leaving them out keeps this page's download small.
  if (faq.isPending) {
    return (
      <div className="flex justify-center py-8 text-emerald-600">
        <Spinner size="md" label={t('common.loading')} />
      </div>
    )
  }
  if (!faq.data) {
    return <RetryAlert text={t('faq.loadFailed')} onRetry={() => void faq.refetch()} />
  }
  if (faq.data.items.length === 0) return <p className="text-slate-600">{t('support.faqEmpty')}</p>
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {faq.data.items.map((item) => (
        <details key={item.question} className="group px-4 py-3 sm:px-5">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-3 rounded font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
            {item.question}
            <span
              aria-hidden="true"
              className="mt-0.5 text-slate-400 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <p className="mt-2 whitespace-pre-line text-slate-600 text-sm leading-relaxed">
            {item.answer}
          </p>
        </details>
      ))}
    </div>
  )
}
