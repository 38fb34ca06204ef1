import type { DiskHealth } from '@shop/contract'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'

const GIB = 1024 ** 3

/** Bytes in GB (MB under one), in the page's language. */
function formatBytes(bytes: number, lang: string): string {
  const locale = lang === 'lt' ? 'lt-LT' : 'en-GB'
  const [value, unit] = bytes >= GIB ? [bytes / GIB, 'gigabyte'] : [bytes / 1024 ** 2, 'megabyte']
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    maximumFractionDigits: 1,
  }).format(value)
}

/** Shown while the data folder's disk is nearly full, or full (writes refused): docs/decisions/0036. */
export function DiskWarning({ disk }: { disk: DiskHealth | null }) {
  const { t } = useTranslation()
  const { lang } = useFormat()
  if (!disk?.low && !disk?.full) return null
  const free = formatBytes(disk.free_bytes, lang)
  const total = formatBytes(disk.total_bytes, lang)
  return (
    <p
      role="alert"
      className={`mb-6 rounded-xl px-4 py-3 text-sm ${
        disk.full ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'
      }`}
    >
      {disk.full ? t('dashboard.diskFull', { free }) : t('dashboard.diskLow', { free, total })}
    </p>
  )
}
