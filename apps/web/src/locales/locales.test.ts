import { ERROR_CODES } from '@shop/contract'
import { describe, expect, it } from 'vitest'
import en from './en.json'
import lt from './lt.json'

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

const english = flatten(en)
const lithuanian = flatten(lt)

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
    const vars = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort()
    for (const [key, value] of english) {
      expect(vars(lithuanian.get(key) ?? ''), key).toEqual(vars(value))
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
