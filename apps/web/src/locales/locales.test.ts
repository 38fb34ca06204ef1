import { ERROR_CODES } from '@shop/contract'
import { describe, expect, it } from 'vitest'
import { flattenTexts, textValues } from '../test/locales'
import en from './en.json'
import lt from './lt.json'

const english = flattenTexts(en)
const lithuanian = flattenTexts(lt)

describe('locales', () => {
  it('have identical key sets', () => {
    expect([...lithuanian.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it.each([
    ['en', english],
    ['lt', lithuanian],
  ])('%s has no empty values', (_name, entries) => {
    const empty = [...entries].filter(([, value]) => value.trim() === '').map(([key]) => key)
    expect(empty).toEqual([])
  })

  it('use the same interpolation variables in both languages', () => {
    for (const [key, value] of english) {
      expect(textValues(lithuanian.get(key) ?? ''), key).toEqual(textValues(value))
    }
  })

  it('translate every API error code of the contract', () => {
    for (const code of ERROR_CODES) {
      expect(english.has(`apiErrors.${code}`), code).toBe(true)
      expect(lithuanian.has(`apiErrors.${code}`), code).toBe(true)
    }
  })

  it('Lithuanian is really translated (diacritics present)', () => {
    expect(lt.landing.title).toMatch(/[ąčęėįšųūž]/i)
    expect(lt.landing.title).not.toBe(en.landing.title)
  })
})
