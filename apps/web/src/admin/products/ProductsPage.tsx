import type { AdminCity, AdminProduct } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Badge } from '../../shared/ui/Badge'
import { ButtonLink } from '../../shared/ui/Button'
import { SelectField } from '../../shared/ui/Field'
import { PlusIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { SearchField } from '../../shared/ui/SearchField'
import { citiesQueryOptions, type ProductFilters, productsQueryOptions } from '../api/queries'
import { BoxIcon } from '../ui/icons'
import { useLocalName } from '../ui/localName'
import { PagedList } from '../ui/PagedList'
import { Td, Th, Tr } from '../ui/Table'
import { ExportButton } from './ExportButton'

function Thumbnail({ product }: { product: AdminProduct }) {
  return product.image_url ? (
    <img
      src={product.image_url}
      alt=""
      className="size-10 shrink-0 rounded-lg border border-slate-200 object-cover"
    />
  ) : (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
      <BoxIcon className="size-5" />
    </span>
  )
}

/** A product's city and district in the active language (the list names them in English). */
function usePlaceNames(cities: readonly AdminCity[] | undefined) {
  const name = useLocalName()
  const byDistrict = new Map(
    (cities ?? []).flatMap((city) =>
      city.districts.map((district) => [district.id, { city, district }] as const),
    ),
  )
  return (product: AdminProduct) => {
    const found = byDistrict.get(product.district_id)
    return found
      ? { city: name(found.city), district: name(found.district) }
      : { city: product.city_name, district: product.district_name }
  }
}

function ProductRow({
  product,
  place,
}: {
  product: AdminProduct
  place: { city: string; district: string }
}) {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const lt = i18n.language === 'lt'
  return (
    <Tr>
      <Td>
        <div className="flex items-center gap-3">
          <Thumbnail product={product} />
          <div className="min-w-0">
            <Link
              to={`/products/${product.id}`}
              className="font-semibold text-slate-900 hover:text-emerald-700 hover:underline"
            >
              {lt ? product.name_lt : product.name_en}
            </Link>
            <p className="text-slate-500 text-xs">{lt ? product.name_en : product.name_lt}</p>
            <p className="font-mono text-slate-500 text-xs">
              <span className="sr-only">{t('products.sku')}: </span>
              {product.sku}
            </p>
          </div>
        </div>
      </Td>
      <Td label={t('products.place')}>
        {place.city}
        <span className="block text-slate-500 text-xs">{place.district}</span>
      </Td>
      <Td
        label={t('products.price')}
        className="whitespace-nowrap font-medium text-slate-900 md:text-right"
      >
        {format.eur(product.price_eur)}
      </Td>
      <Td label={t('products.deliveryLabel')} className="md:max-lg:hidden">
        {t(`products.delivery.${product.delivery}`)}
      </Td>
      <Td label={t('products.stock')} className="whitespace-nowrap tabular-nums md:text-right">
        <span className="font-medium text-slate-900">{product.stock}</span>
        <span className="block text-slate-500 text-xs">
          {t('products.reservedSold', { reserved: product.reserved, sold: product.sold })}
        </span>
      </Td>
      <Td label={t('products.status')}>
        {product.active ? (
          <Badge tone="green">{t('products.active')}</Badge>
        ) : (
          <Badge tone="grey">{t('products.hidden')}</Badge>
        )}
      </Td>
    </Tr>
  )
}

/** Every product, hidden ones too: search, city and status filters, pages of 20. */
export function ProductsPage() {
  const { t } = useTranslation()
  const name = useLocalName()
  const [filters, setFilters] = useState<ProductFilters>({
    q: '',
    city_id: undefined,
    active: undefined,
    page: 1,
  })
  const products = useQuery(productsQueryOptions(filters))
  const cities = useQuery(citiesQueryOptions)
  const placeOf = usePlaceNames(cities.data?.cities)
  const change = (next: Partial<ProductFilters>) =>
    setFilters((current) => ({ ...current, ...next, page: next.page ?? 1 }))

  return (
    <Page
      title={t('products.title')}
      description={t('products.description')}
      actions={
        <>
          <ButtonLink to="/products/import" variant="secondary">
            {t('productImport.open')}
          </ButtonLink>
          <ExportButton />
          <ButtonLink to="/products/new">
            <PlusIcon className="size-4" />
            {t('products.new')}
          </ButtonLink>
        </>
      }
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <SearchField
          label={t('products.search')}
          value={filters.q}
          onSearch={(q) => change({ q })}
          maxLength={100}
        />
        <SelectField
          label={t('products.city')}
          value={filters.city_id ?? ''}
          onChange={(event) =>
            change({ city_id: event.target.value ? Number(event.target.value) : undefined })
          }
        >
          <option value="">{t('products.allCities')}</option>
          {cities.data?.cities.map((city) => (
            <option key={city.id} value={city.id}>
              {name(city)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('products.status')}
          value={filters.active === undefined ? '' : String(filters.active)}
          onChange={(event) =>
            change({
              active: event.target.value === '' ? undefined : event.target.value === 'true',
            })
          }
        >
          <option value="">{t('products.allStatuses')}</option>
          <option value="true">{t('products.active')}</option>
          <option value="false">{t('products.hidden')}</option>
        </SelectField>
      </div>
      <PagedList
        query={products}
        rows={(data) => data.products}
        emptyIcon={<BoxIcon />}
        emptyTitle={t('products.empty')}
        caption={t('products.title')}
        head={
          <>
            <Th>{t('products.product')}</Th>
            <Th>{t('products.place')}</Th>
            <Th className="text-right">{t('products.price')}</Th>
            <Th className="max-lg:hidden">{t('products.deliveryLabel')}</Th>
            <Th className="text-right">{t('products.stock')}</Th>
            <Th>{t('products.status')}</Th>
          </>
        }
        pagerLabel={t('products.pages')}
        page={filters.page}
        onPage={(page) => change({ page })}
      >
        {(product) => <ProductRow key={product.id} product={product} place={placeOf(product)} />}
      </PagedList>
    </Page>
  )
}
