import { type FormEvent, useEffect, useRef, useState } from 'react'
import { SEARCH_MAX_LENGTH } from '../../../shared/config'
import { useTranslation } from '../../../shared/i18n'
import { Button } from '../../../shared/ui/Button'
import { SelectField, TextField } from '../../../shared/ui/Field'
import { SEARCH_DEBOUNCE_MS } from '../../../shared/ui/SearchField'
import { useCitiesWithProducts } from '../api/citiesWithProducts'
import { useDistrictsWithProducts } from '../api/districtsWithProducts'

export interface ProductFilterValues {
  cityId: number | null
  districtId: number | null
  search: string
}

interface ProductFiltersProps {
  applied: ProductFilterValues
  onApply: (values: ProductFilterValues) => void
}

function toId(value: string): number | null {
  const id = Number.parseInt(value, 10)
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * City, district (enabled once a city is chosen), text search and the apply button. The search
 * also applies by itself once typing pauses.
 */
export function ProductFilters({ applied, onApply }: ProductFiltersProps) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<ProductFilterValues>(applied)
  const cities = useCitiesWithProducts()
  const districts = useDistrictsWithProducts(draft.cityId)

  // Follow the applied filters when they change from outside (back and forward in history).
  useEffect(() => setDraft(applied), [applied])

  const latest = useRef({ applied, draft, onApply })
  latest.current = { applied, draft, onApply }
  useEffect(() => {
    const timer = setTimeout(() => {
      const now = latest.current
      const search = draft.search.trim()
      if (search !== now.applied.search) now.onApply({ ...now.draft, search })
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft.search])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    onApply({ ...draft, search: draft.search.trim() })
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-label={t('products.filters.label')}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-[1fr_1fr_1.4fr_auto] lg:items-end"
    >
      <SelectField
        label={t('products.filters.city')}
        name="city"
        value={draft.cityId ?? ''}
        onChange={(event) =>
          setDraft((current) => ({
            ...current,
            cityId: toId(event.target.value),
            districtId: null,
          }))
        }
      >
        <option value="">{t('products.filters.allCities')}</option>
        {cities.data?.cities.map((city) => (
          <option key={city.id} value={city.id}>
            {city.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('products.filters.district')}
        name="district"
        value={draft.districtId ?? ''}
        disabled={draft.cityId === null}
        onChange={(event) =>
          setDraft((current) => ({ ...current, districtId: toId(event.target.value) }))
        }
      >
        <option value="">
          {draft.cityId === null
            ? t('products.filters.chooseCityFirst')
            : t('products.filters.allDistricts')}
        </option>
        {districts.data?.districts.map((district) => (
          <option key={district.id} value={district.id}>
            {district.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('products.filters.search')}
        name="search"
        type="search"
        placeholder={t('products.filters.searchPlaceholder')}
        maxLength={SEARCH_MAX_LENGTH}
        value={draft.search}
        onChange={(event) => setDraft((current) => ({ ...current, search: event.target.value }))}
        wrapperClassName="sm:col-span-2 lg:col-span-1"
      />
      <Button type="submit" className="h-11 sm:col-span-2 sm:h-10 lg:col-span-1">
        {t('products.filters.apply')}
      </Button>
    </form>
  )
}
