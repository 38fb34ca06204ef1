import { useTranslation } from '../../../shared/i18n'

const STEPS = ['createAccount', 'chooseProduct', 'pay', 'receiveProduct'] as const

export function HowItWorks() {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="steps-title"
      className="border-slate-200 border-t bg-slate-50 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2
            id="steps-title"
            className="text-balance font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl"
          >
            {t('landing.steps.title')}
          </h2>
          <p className="mt-3 text-lg text-slate-600">{t('landing.steps.subtitle')}</p>
        </div>
        <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((key, index) => (
            <li
              key={key}
              className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-slate-900 font-bold text-emerald-400"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 font-semibold text-lg text-slate-900">
                {t(`landing.steps.${key}.title`)}
              </h3>
              <p className="mt-2 text-slate-600 leading-relaxed">
                {t(`landing.steps.${key}.text`)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
