// The shape of the demo shop's products and the helpers their lists (demo-products-*.ts) are
// written with: every product has a name and a short description in English and Lithuanian.
import type { DemoDrawing } from './demo-images.js'
import type { Bilingual } from './demo-places.js'

export type DemoProductCategory = 'gift_card' | 'electronics' | 'book' | 'coffee' | 'cosmetics'

/** A product before it is given its place. Prices are integer euro cents. */
export interface DemoItem {
  category: DemoProductCategory
  priceCents: number
  stock: number
  /** Gift cards are code products (one generated demo code per unit); the rest manual. */
  delivery: 'code' | 'manual'
  name: Bilingual
  description: Bilingual
  /** One of the drawings the seed rasterises into the product's image. */
  image?: DemoDrawing
}

export interface DemoProduct extends DemoItem {
  /** The city's English name. */
  city: string
  /** The district's Lithuanian name (unique within its city). */
  district: string
}

/** A product from its name and description in English (`en`) and Lithuanian (`lt`). */
export function item(
  category: DemoProductCategory,
  priceCents: number,
  stock: number,
  en: [name: string, description: string],
  lt: [name: string, description: string],
  image?: DemoDrawing,
): DemoItem {
  return {
    category,
    priceCents,
    stock,
    delivery: category === 'gift_card' ? 'code' : 'manual',
    name: { en: en[0], lt: lt[0] },
    description: { en: en[1], lt: lt[1] },
    ...(image ? { image } : {}),
  }
}

/** A gift card of `euros`. */
export function giftCard(euros: number, stock: number, image?: DemoDrawing): DemoItem {
  return item(
    'gift_card',
    euros * 100,
    stock,
    [
      `Gift card ${euros} EUR`,
      `A demo gift card of ${euros} EUR: its code is delivered at once, to show how code delivery works. This demo shop does not redeem gift-card codes.`,
    ],
    [
      `Dovanų kortelė ${euros} EUR`,
      `${euros} EUR demonstracinė dovanų kortelė: jos kodas pristatomas iš karto, kad matytumėte, kaip veikia kodų pristatymas. Ši demonstracinė parduotuvė dovanų kortelių kodų nepriima.`,
    ],
    image,
  )
}

/** Places products in a city (English name) and district (Lithuanian name). */
export function at(city: string, district: string, items: DemoItem[]): DemoProduct[] {
  return items.map((product) => ({ ...product, city, district }))
}
