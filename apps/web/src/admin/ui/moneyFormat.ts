import type { Currency } from '@shop/contract'
import { useMemo } from 'react'
import { useFormat } from '../../shared/i18n/useFormat'

const LOCALES: Record<string, string> = { en: 'en-GB', lt: 'lt-LT' }

/** A long key (a signature, an address) cut to its ends: "5VERv8…SQ2nEq". */
export function shortKey(key: string, keep = 6): string {
  return key.length <= keep * 2 + 1 ? key : `${key.slice(0, keep)}…${key.slice(-keep)}`
}

/** The shared formatters, and the money screens' own: exact SOL and USDC, and how long ago. */
export function useMoneyFormat() {
  const format = useFormat()
  return useMemo(() => {
    const locale = LOCALES[format.lang.slice(0, 2)] ?? 'en-GB'
    const exact = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 4,
      maximumFractionDigits: 9,
    })
    const exactUsdc = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
    })
    const lamports = (units: string) => {
      const value = BigInt(units)
      const whole = value / 1_000_000_000n
      const fraction = Number(value % 1_000_000_000n) / 1e9
      return `${exact.format(Number(whole) + fraction)} SOL`
    }
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' })
    return {
      ...format,
      /** Lamports as SOL with every significant decimal (at least 4): "0.123457789 SOL". */
      lamports,
      /**
       * Base units of a currency with every significant decimal: SOL as `lamports` does, USDC
       * with at least 2 ("54.35 USDC"); a token the shop does not count (null) as its raw
       * integer, which `unknownToken` names.
       */
      units: (units: string, currency: Currency | null) => {
        if (currency === 'SOL') return lamports(units)
        if (currency === 'USDC') {
          const value = BigInt(units)
          return `${exactUsdc.format(Number(value / 1_000_000n) + Number(value % 1_000_000n) / 1e6)} USDC`
        }
        return new Intl.NumberFormat(locale).format(BigInt(units))
      },
      /** Seconds in the past, in the largest whole unit: "45 sec. ago", "3 min. ago". */
      ago: (seconds: number) => {
        if (seconds < 60) return relative.format(-seconds, 'second')
        if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute')
        if (seconds < 86_400) return relative.format(-Math.floor(seconds / 3600), 'hour')
        return relative.format(-Math.floor(seconds / 86_400), 'day')
      },
    }
  }, [format])
}

/** What useMoneyFormat gives. */
export type MoneyFormat = ReturnType<typeof useMoneyFormat>
