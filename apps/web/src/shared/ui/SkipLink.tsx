import { useTranslation } from '../i18n'

/** The first link of a page, shown on focus: straight to its main content (`id="main"`). */
export function SkipLink() {
  const { t } = useTranslation()
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-slate-900 font-semibold text-sm text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
    >
      {t('nav.skipToContent')}
    </a>
  )
}
