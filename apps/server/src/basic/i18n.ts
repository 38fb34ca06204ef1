// The basic shop's texts are the web app's own dictionaries (apps/web/src/locales), imported here
// rather than copied: one set of strings in both shops. Lookup and {{name}} values follow the web
// app's i18n store (apps/web/src/shared/i18n), English filling a key Lithuanian lacks.
import { DEFAULT_LANGUAGE, LANGUAGES, type Lang } from '@shop/contract'
import en from '@shop/web/src/locales/en.json' with { type: 'json' }
import lt from '@shop/web/src/locales/lt.json' with { type: 'json' }

type Translations = { [key: string]: string | Translations }

const DICTIONARIES: Record<Lang, Translations> = { en, lt }

export type Values = Record<string, string | number>
export type Translate = (key: string, values?: Values) => string

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

function lookup(tree: Translations, key: string): string | undefined {
  let node: string | Translations | undefined = tree
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** Whether the dictionaries hold `key` (an API error code's text, say). */
export function hasText(key: string): boolean {
  return lookup(DICTIONARIES[DEFAULT_LANGUAGE], key) !== undefined
}

export function translator(lang: Lang): Translate {
  return (key, values) => {
    const text = lookup(DICTIONARIES[lang], key) ?? lookup(DICTIONARIES[DEFAULT_LANGUAGE], key)
    if (text === undefined) throw new Error(`no text for ${key}`)
    if (!values) return text
    return text.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) =>
      name in values ? String(values[name]) : placeholder,
    )
  }
}
