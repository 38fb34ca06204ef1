import { LANGUAGES } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { changeAdminLanguage } from '../i18n'

/** EN / LT switch of the back office (its own texts are loaded before the switch). */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation()
  return (
    <fieldset
      className={`inline-flex rounded-lg border border-slate-300 bg-white p-0.5 ${className}`}
    >
      <legend className="sr-only">{t('language.label')}</legend>
      {LANGUAGES.map((lng) => {
        const pressed = i18n.language === lng
        return (
          <button
            key={lng}
            type="button"
            lang={lng}
            title={t(`language.names.${lng}`)}
            aria-pressed={pressed}
            onClick={() => {
              if (!pressed) void changeAdminLanguage(lng)
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
