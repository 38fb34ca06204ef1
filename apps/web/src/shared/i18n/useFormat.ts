import { useMemo } from 'react'
import {
  type CryptoCurrency,
  formatCrypto,
  formatDate,
  formatDateTime,
  formatEur,
  formatSignedEur,
  formatSol,
  formatTime,
  formatUsdc,
} from '../format'
import { useTranslation } from './index'

/** Number and date formatters bound to the active language (Intl, en-GB or lt-LT). */
export function useFormat() {
  const { i18n } = useTranslation()
  const lang = i18n.resolvedLanguage ?? i18n.language
  return useMemo(
    () => ({
      lang,
      eur: (amount: number | string | null | undefined) => formatEur(amount, lang),
      signedEur: (amount: number | string | null | undefined) => formatSignedEur(amount, lang),
      sol: (amount: number | string | null | undefined) => formatSol(amount, lang),
      usdc: (amount: number | string | null | undefined) => formatUsdc(amount, lang),
      crypto: (amount: number | string | null | undefined, currency: CryptoCurrency) =>
        formatCrypto(amount, currency, lang),
      date: (value: Date | string | number) => formatDate(value, lang),
      dateTime: (value: Date | string | number) => formatDateTime(value, lang),
      time: (value: Date | string | number) => formatTime(value, lang),
    }),
    [lang],
  )
}
