import { useTranslation } from '../../../shared/i18n'
import { QueryState, SectionSpinner } from '../../../shared/ui/QueryState'
import { useFaq } from '../api/faq'

/** The questions and answers in the active language, each opening on its own. */
export function FaqList() {
  const { t } = useTranslation()
  const faq = useFaq()
  return (
    <QueryState
      query={faq}
      loading={<SectionSpinner className="py-8" />}
      isEmpty={(data) => data.items.length === 0}
      empty={<p className="text-slate-600">{t('support.faqEmpty')}</p>}
    >
      {(data) => (
        <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {data.items.map((item) => (
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
      )}
    </QueryState>
  )
}
