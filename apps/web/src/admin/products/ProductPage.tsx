import type { ProductBody, ProductPatch } from '@shop/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { BackLink } from '../../shared/ui/BackLink'
import { Page } from '../../shared/ui/Page'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { citiesQueryOptions, productQueryOptions } from '../api/queries'
import { useLocalName } from '../ui/localName'
import { QueryView } from '../ui/QueryView'
import { CodesPanel } from './CodesPanel'
import { ImagePanel } from './ImagePanel'
import { ProductForm } from './ProductForm'
import { StockPanel } from './StockPanel'

function BackToProducts() {
  const { t } = useTranslation()
  return (
    <BackLink to="/products" className="mb-3">
      {t('products.back')}
    </BackLink>
  )
}

function NewProduct() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const client = useQueryClient()
  const cities = useQuery(citiesQueryOptions)
  const create = async (body: ProductBody | ProductPatch) => {
    const created = await adminCall('POST /api/admin/products', { body: body as ProductBody })
    notify.success(t('products.created'))
    await client.invalidateQueries({ queryKey: ['admin', 'products'] })
    navigate(`/products/${created.id}`, { replace: true })
  }
  return (
    <Page title={t('products.new')} description={t('products.newText')} width="medium">
      <BackToProducts />
      <QueryView query={cities}>
        {({ cities: list }) => <ProductForm cities={list} save={create} />}
      </QueryView>
    </Page>
  )
}

function EditProduct({ id }: { id: number }) {
  const { t } = useTranslation()
  const name = useLocalName()
  const client = useQueryClient()
  const product = useQuery(productQueryOptions(id))
  const cities = useQuery(citiesQueryOptions)
  const update = async (body: ProductBody | ProductPatch) => {
    await adminCall('PATCH /api/admin/products/:id', { params: { id }, body })
    notify.success(t('common.saved'))
    await client.invalidateQueries({ queryKey: ['admin', 'product', id] })
    await client.invalidateQueries({ queryKey: ['admin', 'products'] })
  }
  return (
    <Page title={product.data ? name(product.data) : t('products.edit')}>
      <BackToProducts />
      <QueryView query={product}>
        {(detail) => (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <QueryView query={cities}>
              {({ cities: list }) => (
                <ProductForm key={detail.id} cities={list} product={detail} save={update} />
              )}
            </QueryView>
            <div className="flex flex-col gap-6">
              <StockPanel product={detail} />
              {detail.delivery === 'code' ? <CodesPanel product={detail} /> : null}
              <ImagePanel product={detail} />
            </div>
          </div>
        )}
      </QueryView>
    </Page>
  )
}

/** /products/new and /products/:id: the product form, and for a stored product its stock and image. */
export function ProductPage() {
  const { id } = useParams()
  const numeric = Number(id)
  if (id === undefined) return <NewProduct />
  return (
    <EditProduct key={numeric} id={Number.isSafeInteger(numeric) && numeric > 0 ? numeric : 0} />
  )
}
