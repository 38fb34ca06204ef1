import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import i18n, { detectLanguage, LANGUAGE_STORAGE_KEY, useTranslation } from './index'

afterEach(() => {
  vi.restoreAllMocks()
})

function Label() {
  const { t } = useTranslation()
  return <p>{t('nav.logout')}</p>
}

function languages(list: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(list)
}

describe('language detection', () => {
  it('reads localStorage first', () => {
    languages(['en-US'])
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'lt')
    expect(detectLanguage()).toBe('lt')
  })

  it('then the browser languages, in order', () => {
    languages(['de-DE', 'lt-LT', 'en'])
    expect(detectLanguage()).toBe('lt')
    languages(['EN-gb'])
    expect(detectLanguage()).toBe('en')
  })

  it('falls back to English', () => {
    languages(['de', 'fr'])
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx')
    expect(detectLanguage()).toBe('en')
  })
})

describe('translations', () => {
  it('interpolates values, falls back to English and to the key', async () => {
    expect(i18n.t('checkout.pay', { amount: '€5.00' })).toBe('Pay €5.00')
    expect(i18n.t('checkout.pay', { amount: '5,00 €', lng: 'lt' })).toBe('Mokėti 5,00 €')
    expect(i18n.t('no.such.key')).toBe('no.such.key')
    expect(i18n.t('no.such.key', { defaultValue: 'Fallback' })).toBe('Fallback')
    await i18n.changeLanguage('lt')
    expect(i18n.t('nav.login')).toBe('Prisijungti')
  })

  it('switches language, caches the choice and updates the document', async () => {
    await i18n.changeLanguage('lt-LT')
    expect(i18n.language).toBe('lt')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('lt')
    expect(document.documentElement.lang).toBe('lt')
    expect(document.title).toContain('apsipirkite')
    await i18n.changeLanguage('fr')
    expect(i18n.language).toBe('en')
  })

  it('re-renders components when the language changes', async () => {
    render(<Label />)
    expect(screen.getByText('Log out')).toBeInTheDocument()
    await act(() => i18n.changeLanguage('lt'))
    expect(screen.getByText('Atsijungti')).toBeInTheDocument()
  })
})
