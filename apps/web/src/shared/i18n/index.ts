// The interface texts: a small i18n store with the react-i18next calling convention
// (`const { t, i18n } = useTranslation()`, `t(key, values)`, `i18n.changeLanguage(lang)`).
//
// Why not i18next: with its React binding and language detector it weighs ~20 kB gzipped, more
// than every screen of the shop together, and the shop needs only keyed lookups with {{name}}
// values in two languages. The texts are JSON files fetched for the active language only
// (locales/*.json, emitted as assets), so neither language is part of the JavaScript.
//
// Language: localStorage first, then the browser's languages, English as the fallback; the choice
// is cached in localStorage (the key i18next used, so earlier choices are kept).
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import enUrl from '../../locales/en.json?url'
import ltUrl from '../../locales/lt.json?url'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../config'

export const LANGUAGE_STORAGE_KEY = 'i18nextLng'

export type Translations = { [key: string]: string | Translations }

export interface TOptions {
  /** Look the key up in this language instead of the active one. */
  lng?: string
  /** Returned when the key is missing. */
  defaultValue?: string
  /** Values for {{name}} placeholders. */
  [name: string]: unknown
}

export type TFunction = (key: string, options?: TOptions) => string

const LOCALE_URLS: Record<Language, string> = { en: enUrl, lt: ltUrl }

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

function asLanguage(value: string | null | undefined): Language | null {
  const base = value?.slice(0, 2).toLowerCase()
  return isLanguage(base) ? base : null
}

function readStoredLanguage(): Language | null {
  try {
    return asLanguage(globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY))
  } catch {
    return null
  }
}

function storeLanguage(lang: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang)
  } catch {
    // Storage blocked: the choice lasts for this page.
  }
}

/** localStorage first, then the browser's languages, then English. */
export function detectLanguage(): Language {
  const stored = readStoredLanguage()
  if (stored) return stored
  const nav = typeof navigator === 'undefined' ? undefined : navigator
  for (const candidate of nav?.languages ?? (nav?.language ? [nav.language] : [])) {
    const lang = asLanguage(candidate)
    if (lang) return lang
  }
  return DEFAULT_LANGUAGE
}

function lookup(tree: Translations | undefined, key: string): string | undefined {
  let node: string | Translations | undefined = tree
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

function interpolate(text: string, options?: TOptions): string {
  if (!options || !text.includes('{{')) return text
  return text.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) => {
    const value = options[name]
    return value === undefined || value === null ? placeholder : String(value)
  })
}

type Listener = () => void

class I18n {
  language: Language = detectLanguage()
  private readonly resources: Partial<Record<Language, Translations>> = {}
  private readonly loading: Partial<Record<Language, Promise<void>>> = {}
  private readonly listeners = new Set<Listener>()

  /** The active language (the name react-i18next uses). */
  get resolvedLanguage(): Language {
    return this.language
  }

  /** Adds the texts of a language (the app fetches them; tests and the prerender import them). */
  addResources(lang: Language, texts: Translations): void {
    this.resources[lang] = texts
  }

  hasResources(lang: Language): boolean {
    return this.resources[lang] !== undefined
  }

  /** Fetches a language's texts once. */
  load(lang: Language): Promise<void> {
    if (this.resources[lang]) return Promise.resolve()
    this.loading[lang] ??= fetch(LOCALE_URLS[lang], { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`Could not load the ${lang} texts (${response.status})`)
        return response.json() as Promise<Translations>
      })
      .then((texts) => this.addResources(lang, texts))
      .finally(() => {
        delete this.loading[lang]
      })
    return this.loading[lang]
  }

  t: TFunction = (key, options) => {
    const lang = asLanguage(options?.lng) ?? this.language
    const text =
      lookup(this.resources[lang], key) ??
      lookup(this.resources[DEFAULT_LANGUAGE], key) ??
      options?.defaultValue ??
      key
    return interpolate(text, options)
  }

  exists(key: string): boolean {
    return lookup(this.resources[this.language], key) !== undefined
  }

  /** Switches language (after loading its texts), remembers the choice and updates <html lang>. */
  changeLanguage = (value: string): Promise<void> => {
    const lang = asLanguage(value) ?? DEFAULT_LANGUAGE
    if (this.resources[lang]) {
      this.apply(lang)
      return Promise.resolve()
    }
    return this.load(lang).then(() => this.apply(lang))
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Re-renders users of useTranslation (for example after texts were added). */
  notify(): void {
    for (const listener of this.listeners) listener()
  }

  private apply(lang: Language): void {
    this.language = lang
    storeLanguage(lang)
    syncDocument()
    this.notify()
  }
}

export const i18n = new I18n()

/** The active language, always one of LANGUAGES. */
export function currentLanguage(): Language {
  return i18n.language
}

function syncDocument(): void {
  if (typeof document === 'undefined') return
  document.documentElement.lang = i18n.language
  if (i18n.exists('app.documentTitle')) document.title = i18n.t('app.documentTitle')
}

/** Loads the detected language's texts and caches the choice; the app renders after it. */
export async function initI18n(): Promise<void> {
  await i18n.changeLanguage(i18n.language)
}

/** `t` and `i18n` for a component; it re-renders when the language changes. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  )
  // A new function per language, so memoised children that take `t` re-render too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `language` is the reason to rebuild
  const t = useMemo<TFunction>(() => (key, options) => i18n.t(key, options), [language])
  return { t, i18n }
}

/**
 * Names the browser tab after the screen: "Products · Privacy Shop", in the language shown (it
 * follows a language switch). `null` gives the shop's own title, as on the landing page. It lives
 * here, in the app's first chunk, because every screen uses it.
 */
export function useDocumentTitle(page: string | null | undefined): void {
  const { t } = useTranslation()
  const title = page ? t('app.pageTitle', { page, app: t('app.name') }) : t('app.documentTitle')
  useEffect(() => {
    document.title = title
  }, [title])
}

export default i18n
