// The language switch: a form whose two buttons post the language; the answer sets the language
// cookie and comes back to this page (routes/session.ts). As the app's LanguageToggle, each button
// is named by its visible short name, the full one its title (axe: the name holds the visible text).
import { LANGUAGES } from '@shop/contract'
import { usePage } from '../page-context.js'
import { BASIC_PATHS } from '../paths.js'
import { PostForm } from './Form.js'

export function LanguageSwitch() {
  const { t, lang, path } = usePage()
  return (
    <PostForm action={BASIC_PATHS.language} label={t('language.label')}>
      <input type="hidden" name="return" value={path} />
      <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        <legend className="sr-only">{t('language.label')}</legend>
        {LANGUAGES.map((code) => (
          <button
            key={code}
            type="submit"
            name="lang"
            value={code}
            lang={code}
            aria-pressed={code === lang}
            title={t(`language.names.${code}`)}
            className={`h-8 min-w-9 rounded-md px-2 font-semibold text-xs tracking-wide ${
              code === lang ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100'
            }`}
          >
            {t(`language.short.${code}`)}
          </button>
        ))}
      </fieldset>
    </PostForm>
  )
}
