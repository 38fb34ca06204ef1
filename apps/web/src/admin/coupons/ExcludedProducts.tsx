import { COUPON_EXCLUSIONS_MAX, type ExcludedProduct } from '@shop/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { SearchField } from '../../shared/ui/SearchField'
import { adminCall } from '../api/call'
import { useLocalName } from '../ui/localName'

/** How many products a search offers at once: enough to pick from, short enough to read. */
const FOUND_MAX = 8

/**
 * The products a coupon leaves out of its discount (gift cards, say): those chosen, each with a
 * way to take it back, and a search over the whole catalogue (name in either language or SKU) to
 * add one. Kept in id order, as the server answers them, so an unchanged list sends nothing.
 */
export function ExcludedProducts({
  value,
  onChange,
}: {
  value: readonly ExcludedProduct[]
  onChange: (next: ExcludedProduct[]) => void
}) {
  const { t } = useTranslation()
  const name = useLocalName()
  const [q, setQ] = useState('')
  const found = useQuery({
    queryKey: ['admin', 'products', 'exclusion-search', q],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/products', { query: { q, page: 1, page_size: FOUND_MAX }, signal }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  })
  const chosen = new Set(value.map((product) => product.id))
  const full = value.length >= COUPON_EXCLUSIONS_MAX
  const add = (product: ExcludedProduct) =>
    onChange([...value, product].sort((a, b) => a.id - b.id))

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-medium text-slate-900 text-sm">
        {t('coupons.exclusions.title')}
      </legend>
      <p className="text-slate-500 text-sm">{t('coupons.exclusions.hint')}</p>
      {value.length === 0 ? (
        <p className="text-slate-600 text-sm">{t('coupons.exclusions.none')}</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-100"
          aria-label={t('coupons.exclusions.title')}
        >
          {value.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-3 py-1.5">
              <span className="min-w-0 break-words text-slate-900 text-sm">
                {name(product)}
                <span className="ml-2 font-mono text-slate-500 text-xs">{product.sku}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('coupons.exclusions.removeNamed', { name: name(product) })}
                onClick={() => onChange(value.filter((other) => other.id !== product.id))}
              >
                {t('coupons.exclusions.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <SearchField
        label={t('coupons.exclusions.search')}
        hint={
          full
            ? t('coupons.exclusions.full', { max: COUPON_EXCLUSIONS_MAX })
            : t('coupons.exclusions.searchHint')
        }
        value={q}
        onSearch={setQ}
        autoComplete="off"
        spellCheck={false}
      />
      {q !== '' && found.data ? (
        found.data.products.length === 0 ? (
          <p className="text-slate-600 text-sm">{t('coupons.exclusions.noMatch')}</p>
        ) : (
          <ul
            className="flex flex-col divide-y divide-slate-100"
            aria-label={t('coupons.exclusions.found')}
          >
            {found.data.products.map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-3 py-1.5">
                <span className="min-w-0 break-words text-slate-700 text-sm">
                  {name(product)}
                  <span className="ml-2 font-mono text-slate-500 text-xs">{product.sku}</span>
                </span>
                {chosen.has(product.id) ? (
                  <span className="text-slate-500 text-xs">{t('coupons.exclusions.added')}</span>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={full}
                    aria-label={t('coupons.exclusions.addNamed', { name: name(product) })}
                    onClick={() =>
                      add({
                        id: product.id,
                        sku: product.sku,
                        name_en: product.name_en,
                        name_lt: product.name_lt,
                      })
                    }
                  >
                    {t('coupons.exclusions.add')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </fieldset>
  )
}
