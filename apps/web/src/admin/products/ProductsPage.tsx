import type { AdminProduct } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Badge } from '../../shared/ui/Badge'
import { ButtonLink } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { SelectField, TextField } from '../../shared/ui/Field'
import { PlusIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Pager } from '../../shared/ui/Pager'
import {
  ADMIN_PAGE_SIZE,
  citiesQueryOptions,
  type ProductFilters,
  productsQueryOptions,
} from '../api/queries'
import { BoxIcon } from '../ui/icons'
import { useLocalName } from '../ui/localName'
import { QueryView } from '../ui/QueryView'
import { Table, Td, Th } from '../ui/Table'

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

function ProductRow({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const lt = i18n.language === 'lt'
  return (
    <tr className="hover:bg-slate-50">
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
          </div>
        </div>
      </Td>
      <Td className="hidden md:table-cell">
        {product.city_name}
        <span className="block text-slate-500 text-xs">{product.district_name}</span>
      </Td>
      <Td className="whitespace-nowrap text-right font-medium text-slate-900">
        {format.eur(product.price_eur)}
      </Td>
      <Td className="hidden lg:table-cell">{t(`products.delivery.${product.delivery}`)}</Td>
      <Td className="whitespace-nowrap text-right tabular-nums">
        <span className="font-medium text-slate-900">{product.stock}</span>
        <span className="block text-slate-500 text-xs">
          {t('products.reservedSold', { reserved: product.reserved, sold: product.sold })}
        </span>
      </Td>
      <Td>
        {product.active ? (
          <Badge tone="green">{t('products.active')}</Badge>
        ) : (
          <Badge tone="grey">{t('products.hidden')}</Badge>
        )}
      </Td>
    </tr>
  )
}

/** Every product, hidden ones too: search, city and status filters, pages of 20. */
export function ProductsPage() {
  const { t } = useTranslation()
  const name = useLocalName()
  const [search, setSearch] = useState('')
  const [filters, setFilters] = useState<ProductFilters>({
    q: '',
    city_id: undefined,
    active: undefined,
    page: 1,
  })
  const products = useQuery(productsQueryOptions(filters))
  const cities = useQuery(citiesQueryOptions)
  const change = (next: Partial<ProductFilters>) =>
    setFilters((current) => ({ ...current, ...next, page: next.page ?? 1 }))

  const onSearch = (event: FormEvent) => {
    event.preventDefault()
    change({ q: search.trim() })
  }

  return (
    <Page
      title={t('products.title')}
      description={t('products.description')}
      actions={
        <ButtonLink to="/products/new">
          <PlusIcon className="size-4" />
          {t('products.new')}
        </ButtonLink>
      }
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <form onSubmit={onSearch}>
          <TextField
            label={t('products.search')}
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            onBlur={() => search.trim() !== filters.q && change({ q: search.trim() })}
          />
        </form>
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
      <QueryView query={products}>
        {({ products: rows, total }) =>
          rows.length === 0 ? (
            <EmptyState icon={<BoxIcon />} title={t('products.empty')} />
          ) : (
            <>
              <p className="mb-2 text-slate-500 text-sm">{t('common.total', { count: total })}</p>
              <Table
                caption={t('products.title')}
                head={
                  <>
                    <Th>{t('products.product')}</Th>
                    <Th className="hidden md:table-cell">{t('products.place')}</Th>
                    <Th className="text-right">{t('products.price')}</Th>
                    <Th className="hidden lg:table-cell">{t('products.deliveryLabel')}</Th>
                    <Th className="text-right">{t('products.stock')}</Th>
                    <Th>{t('products.status')}</Th>
                  </>
                }
              >
                {rows.map((product) => (
                  <ProductRow key={product.id} product={product} />
                ))}
              </Table>
              <Pager
                label={t('products.pages')}
                page={filters.page}
                hasNext={filters.page * ADMIN_PAGE_SIZE < total}
                onPrevious={() => change({ page: Math.max(1, filters.page - 1) })}
                onNext={() => change({ page: filters.page + 1 })}
              />
            </>
          )
        }
      </QueryView>
    </Page>
  )
}
