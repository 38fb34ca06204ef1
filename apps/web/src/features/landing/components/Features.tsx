import { useTranslation } from '../../../shared/i18n'
import { Card } from '../../../shared/ui/Card'
import { BoltIcon, EyeOffIcon, LockIcon } from '../../../shared/ui/icons'

const FEATURES = [
  { key: 'security', Icon: LockIcon },
  { key: 'privacy', Icon: EyeOffIcon },
  { key: 'speed', Icon: BoltIcon },
] as const

export function Features() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="features-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2
            id="features-title"
            className="text-balance font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl"
          >
            {t('landing.features.title')}
          </h2>
          <p className="mt-3 text-lg text-slate-600">{t('landing.features.subtitle')}</p>
        </div>
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {FEATURES.map(({ key, Icon }) => (
            <Card as="li" key={key} className="flex flex-col">
              <span className="flex size-11 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700 ring-1 ring-emerald-100">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 font-semibold text-lg text-slate-900">
                {t(`landing.features.${key}.title`)}
              </h3>
              <p className="mt-2 text-slate-600 leading-relaxed">
                {t(`landing.features.${key}.text`)}
              </p>
            </Card>
          ))}
        </ul>
      </div>
    </section>
  )
}
