import type { Dashboard } from '@shop/contract'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { Badge } from '../../shared/ui/Badge'
import { Card } from '../ui/Card'
import { useLocalName } from '../ui/localName'

/** Products that are running out (code products by the codes left), the fewest first. */
export function LowStock({ lowStock }: { lowStock: Dashboard['low_stock'] }) {
  const { t } = useTranslation()
  const name = useLocalName()
  const { threshold, total, products } = lowStock
  return (
    <Card
      title={t('dashboard.lowStock')}
      aside={
        <Link to="/products" className="font-medium text-emerald-800 hover:underline">
          {t('dashboard.allProducts')}
        </Link>
      }
    >
      {products.length === 0 ? (
        <p className="text-slate-600 text-sm">{t('dashboard.lowStockNone', { threshold })}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {products.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <Link
                  to={`/products/${product.id}`}
                  className="font-medium text-slate-800 hover:text-emerald-700 hover:underline"
                >
                  {name(product)}
                </Link>
                {product.delivery === 'code' ? (
                  <span className="block text-slate-500 text-xs">{t('dashboard.codeProduct')}</span>
                ) : null}
              </span>
              {product.buyable === 0 ? (
                <Badge tone="red">{t('dashboard.soldOut')}</Badge>
              ) : (
                <Badge tone="amber">
                  {product.delivery === 'code'
                    ? t('dashboard.codesLeft', { count: product.buyable })
                    : t('dashboard.unitsLeft', { count: product.buyable })}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
      {total > products.length ? (
        <p className="mt-2 text-slate-500 text-xs">
          {t('dashboard.lowStockMore', { count: total - products.length })}
        </p>
      ) : null}
    </Card>
  )
}
