import type { Product, RouteQuery } from '@shop/contract'
import { useState } from 'react'
import { useTranslation } from '../../../shared/i18n'

type ImageSize = NonNullable<RouteQuery<'productImage'>['size']>

/** The widths the server keeps an image in (at most; never enlarged), for `srcset`. */
const WIDTHS: Record<ImageSize, number> = { card: 640, large: 1200 }

/** A product's `image_url` (which names the image's version) in one of the kept sizes. */
export function imageUrl(url: string, size: ImageSize): string {
  return `${url}${url.includes('?') ? '&' : '?'}size=${size}`
}

interface ProductImageProps {
  product: Pick<Product, 'name' | 'image_url'>
  /** The `sizes` attribute: how wide the picture is drawn, so the browser picks a size. */
  sizes: string
  /** Cards fill the frame (cropping); the product page shows the whole picture. */
  fit?: 'cover' | 'contain'
  /** Cards load as they come into view; the product page's picture at once. */
  loading?: 'lazy' | 'eager'
  className?: string
}

/**
 * A product's picture in a 4:3 frame, whose space is kept while it loads; a neutral placeholder
 * when the product has none (or it cannot be loaded).
 */
export function ProductImage({
  product,
  sizes,
  fit = 'cover',
  loading = 'lazy',
  className = '',
}: ProductImageProps) {
  const { t } = useTranslation()
  const [failed, setFailed] = useState<string | null>(null)
  const url = product.image_url
  const frame = `relative aspect-[4/3] w-full overflow-hidden bg-slate-100 ${className}`
  if (url === null || failed === url) {
    return (
      <div
        role="img"
        aria-label={t('products.noImage')}
        className={`${frame} grid place-items-center`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-12 text-slate-300"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="10" r="1.8" />
          <path d="M21 16l-5-5-8 8" />
        </svg>
      </div>
    )
  }
  return (
    <div className={frame}>
      <img
        src={imageUrl(url, 'card')}
        srcSet={`${imageUrl(url, 'card')} ${WIDTHS.card}w, ${imageUrl(url, 'large')} ${WIDTHS.large}w`}
        sizes={sizes}
        alt={product.name}
        loading={loading}
        decoding="async"
        onError={() => setFailed(url)}
        className={`size-full ${fit === 'cover' ? 'object-cover' : 'object-contain'}`}
      />
    </div>
  )
}
