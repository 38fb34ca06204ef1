import { LANGUAGES, type Language } from '../config'
import { useTranslation } from '../i18n'

/** The EN / LT buttons, the language shown pressed; `onChoose` gets another one. */
export function LanguageButtons({
  current,
  onChoose,
  className = '',
}: {
  current: string
  onChoose: (language: Language) => void
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <fieldset
      className={`inline-flex rounded-lg border border-slate-300 bg-white p-0.5 ${className}`}
    >
      <legend className="sr-only">{t('language.label')}</legend>
      {LANGUAGES.map((lng) => {
        const pressed = current === lng
        return (
          <button
            key={lng}
            type="button"
            lang={lng}
            title={t(`language.names.${lng}`)}
            aria-pressed={pressed}
            onClick={() => {
              if (!pressed) onChoose(lng)
            }}
            className={`h-8 min-w-9 rounded-md px-2 font-semibold text-xs tracking-wide transition-colors ${
              pressed
                ? 'bg-slate-900 text-white'
                : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
            }`}
          >
            {t(`language.short.${lng}`)}
          </button>
        )
      })}
    </fieldset>
  )
}
