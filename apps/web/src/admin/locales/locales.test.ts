import { ERROR_CODES } from '@shop/contract'
import { describe, expect, it } from 'vitest'
import { flattenTexts, textValues } from '../../test/locales'
import en from './en.json'
import errorsEn from './errors.en.json'
import errorsLt from './errors.lt.json'
import lt from './lt.json'

const english = flattenTexts({ ...en, ...errorsEn })
const lithuanian = flattenTexts({ ...lt, ...errorsLt })

describe('back-office texts', () => {
  it('have the same keys in English and Lithuanian', () => {
    expect([...lithuanian.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('keep the screens and the error messages apart', () => {
    const screens = Object.keys(en)
    expect(Object.keys(errorsEn).filter((key) => screens.includes(key))).toEqual([])
  })

  it.each([
    ['en', english],
    ['lt', lithuanian],
  ])('%s has no empty text', (_name, texts) => {
    expect([...texts].filter(([, value]) => value.trim() === '').map(([key]) => key)).toEqual([])
  })

  it('use the same {{values}} in both languages', () => {
    for (const [key, text] of english) {
      expect(textValues(lithuanian.get(key) ?? ''), key).toEqual(textValues(text))
    }
  })

  it('translate every error code of the contract and of the client', () => {
    for (const code of [...ERROR_CODES, 'TIMEOUT', 'NETWORK_ERROR']) {
      expect(english.has(`apiErrors.${code}`), code).toBe(true)
      expect(lithuanian.has(`apiErrors.${code}`), code).toBe(true)
    }
  })

  it('hold every key the shared parts read (dialogs, pager, toasts, copy buttons, errors)', () => {
    const shared = [
      'app.documentTitle',
      'common.close',
      'common.loading',
      'common.previous',
      'common.next',
      'common.page',
      'common.retry',
      'toast.region',
      'toast.dismiss',
      'payment.copy',
      'payment.copied',
      'payment.copyFailed',
      'errors.generic',
    ]
    expect(shared.filter((key) => !english.has(key))).toEqual([])
  })

  it('are really Lithuanian', () => {
    expect(lithuanian.get('setup.recoveryText')).toMatch(/[ąčęėįšųūž]/i)
    expect(lithuanian.get('nav.products')).not.toBe(english.get('nav.products'))
    // A text made only of {{values}} and punctuation has no words to translate.
    const words = (text: string) => /\p{L}/u.test(text.replace(/{{\s*\w+\s*}}/g, ''))
    const same = [...english].filter(
      ([key, text]) => text.length > 12 && words(text) && lithuanian.get(key) === text,
    )
    expect(same.map(([key]) => key)).toEqual([])
  })
})
