import i18n from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'
import en from '../../locales/en.json'
import lt from '../../locales/lt.json'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../config'

export const LANGUAGE_STORAGE_KEY = 'i18nextLng'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The active language, always one of LANGUAGES. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE
}

function syncDocument(): void {
  if (typeof document === 'undefined') return
  document.documentElement.lang = currentLanguage()
  if (i18n.exists('app.documentTitle')) document.title = i18n.t('app.documentTitle')
}

// Registered before init so the detected language is applied to <html lang> at start-up.
i18n.on('languageChanged', syncDocument)

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: {
      en: { translation: en },
      lt: { translation: lt },
    },
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    initAsync: false,
    detection: {
      order: ['localStorage', 'navigator'],
      caches: ['localStorage'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  })

syncDocument()

export default i18n
