// Product images. What the owner uploads is decoded, turned upright by its EXIF orientation,
// shrunk and re-encoded as WebP with every metadata block dropped (EXIF with a phone's GPS
// position, ICC profiles, XMP, comments): nothing of the original file reaches a customer. The
// result is kept in product_images, so every server process serves the same bytes.
import { randomInt } from 'node:crypto'
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@shop/contract'
import { eq, sql } from 'drizzle-orm'
import pLimit from 'p-limit'
import type { Sharp, SharpOptions } from 'sharp'
import type { Db, DbOrTx } from '../../db/client.js'
import { productImages, products } from '../../db/schema/catalog.js'
import { AppError } from '../../http/errors.js'

/** The sizes an image is kept in: cards in lists, and the product page. */
export type ImageSize = 'card' | 'large'

/** Longest side of each size in pixels; a smaller upload is never enlarged. */
export const IMAGE_SIDES: Readonly<Record<ImageSize, number>> = { card: 640, large: 1200 }

/**
 * Decoded pixels an upload may have, whatever their depth. A few megabytes of PNG can unpack into
 * an enormous picture; this is above any phone camera's default (a 50 MP photo).
 */
const MAX_INPUT_PIXELS = 60_000_000

/**
 * Memory the decoded picture may take: pixels x channels x bytes per sample, read from the
 * file's header before anything is decoded. A 50 MP photo in 8-bit RGB (150 MB) fits; a 466 KB
 * 16-bit PNG of 7,740 x 7,740 (479 MB by this count, 260 MB measured) is refused (issue 33;
 * docs/decisions/0037).
 */
export const MAX_DECODE_BYTES = 150_000_000

/** Bytes of one sample of each libvips band format. */
const SAMPLE_BYTES: Readonly<Record<string, number>> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
}

/**
 * One decoding at a time in this process: four large pictures uploaded at once would otherwise
 * take four times MAX_DECODE_BYTES (778 MB measured). The others wait their turn.
 */
export const imageDecodes = pLimit(1)

/** WebP quality: no visible loss on photos and drawings at about a tenth of a JPEG's size. */
const WEBP_QUALITY = 80

type SharpFactory = (input?: Uint8Array | Buffer, options?: SharpOptions) => Sharp

let sharpLoaded: Promise<SharpFactory> | null = null

/**
 * sharp (libvips, tens of megabytes of native code) is loaded on the first re-encoding: serving
 * images never needs it, and neither do most starts of the shop.
 */
export function loadSharp(): Promise<SharpFactory> {
  sharpLoaded ??= import('sharp').then((module) => module.default)
  return sharpLoaded
}

/** An upload re-encoded: WebP bytes of each size, and the large one's dimensions. */
export interface ReencodedImage {
  card: Buffer
  large: Buffer
  width: number
  height: number
}

type ImageType = (typeof IMAGE_TYPES)[number]

/** The format a file's first bytes announce (its signature), when it is one the shop takes. */
function sniff(bytes: Uint8Array): ImageType | null {
  const ascii = (from: number, to: number) =>
    Buffer.from(bytes.subarray(from, to)).toString('latin1')
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return null
}

/** The media type of a Content-Type header, without parameters, in lower case. */
function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase()
}

/**
 * Re-encodes an uploaded image. `contentType` is the upload's declared type; it must be JPEG, PNG
 * or WebP, and so must the bytes (read from their signature: a JPEG sent as image/png is taken,
 * since it is decoded and re-encoded anyway, but an SVG, GIF or anything else is not).
 *
 * Throws AppError UNSUPPORTED_MEDIA_TYPE (415) for another declared type, PAYLOAD_TOO_LARGE
 * (413) above IMAGE_MAX_BYTES, IMAGE_INVALID (400) for bytes that are not a readable image of
 * those formats (truncated, corrupt, or more than MAX_INPUT_PIXELS pixels), PAYLOAD_TOO_LARGE
 * (413) for a picture above MAX_DECODE_BYTES once decoded.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  contentType: string,
): Promise<ReencodedImage> {
  if (!(IMAGE_TYPES as readonly string[]).includes(mediaType(contentType))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A product image must be JPEG, PNG or WebP.')
  }
  if (bytes.byteLength > IMAGE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'A product image may be at most 5 MB.')
  }
  if (sniff(bytes) === null) throw new AppError('IMAGE_INVALID')
  const sharp = await loadSharp()
  return imageDecodes(() => decodeAndEncode(sharp, bytes))
}

/** The decoded size by the header, or null when the header cannot be read. */
async function decodedBytes(sharp: SharpFactory, bytes: Uint8Array): Promise<number | null> {
  try {
    const { width, height, channels, depth } = await sharp(bytes).metadata()
    const sample = depth ? SAMPLE_BYTES[depth] : undefined
    if (!width || !height || !channels || !sample) return null
    return width * height * channels * sample
  } catch {
    return null
  }
}

async function decodeAndEncode(sharp: SharpFactory, bytes: Uint8Array): Promise<ReencodedImage> {
  const size = await decodedBytes(sharp, bytes)
  if (size === null) throw new AppError('IMAGE_INVALID')
  if (size > MAX_DECODE_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      'The picture has too many pixels: at most 50 megapixels of 8-bit colour (fewer at 16 bits).',
    )
  }
  try {
    // Decoded once: shrunk to the large size as 8-bit pixels, which both sizes are made from.
    // failOn 'error': a truncated or corrupt file is refused rather than half decoded. Only the
    // first frame of an animated WebP is kept. No keepMetadata/keepExif/keepIccProfile/
    // withMetadata: sharp writes no metadata at all, and converts colours to sRGB first.
    const large = await sharp(bytes, {
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: false,
    })
      .autoOrient()
      .resize(fitInside('large'))
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
    const { width, height, channels } = large.info
    const pixels = () => sharp(large.data, { raw: { width, height, channels } })
    const largeWebp = await pixels().webp({ quality: WEBP_QUALITY }).toBuffer()
    const card = await pixels().resize(fitInside('card')).webp({ quality: WEBP_QUALITY }).toBuffer()
    return { card, large: largeWebp, width, height }
  } catch {
    throw new AppError('IMAGE_INVALID')
  }
}

function fitInside(size: ImageSize) {
  const side = IMAGE_SIDES[size]
  return { width: side, height: side, fit: 'inside' as const, withoutEnlargement: true }
}

/** The customers' path of an image version (the product answers' `image_url`). */
export function productImageUrl(productId: number, version: number): string {
  return `/api/products/${productId}/image?v=${version}`
}

/** What `ProductImages.put` stored. */
export interface StoredImage {
  /** Names these bytes: new on every upload (random, so never reused even after a removal). */
  version: number
  /** The customers' path, as product answers give it in `image_url`. */
  url: string
  /** Of the large size, in pixels. */
  width: number
  height: number
}

/** One size of a product's image, as GET /api/products/:id/image sends it. */
export interface ImageFile {
  bytes: Buffer
  version: number
  /** A strong validator: the version and the size. */
  etag: string
}

const MAX_VERSION = 2_147_483_647

/** The catalog module's product images (it owns product_images). */
export class ProductImages {
  constructor(private readonly db: Db) {}

  /**
   * Sets a product's one image from an upload (the owner's PUT /api/admin/products/:id/image):
   * `bytes` is the request body as received, `contentType` the request's Content-Type. The image
   * is re-encoded first (see reencodeImage), outside any transaction; then it replaces the
   * product's image, if any, under a new version.
   *
   * Throws AppError UNSUPPORTED_MEDIA_TYPE (415), PAYLOAD_TOO_LARGE (413), IMAGE_INVALID (400)
   * and PRODUCT_NOT_FOUND (404); nothing is stored then.
   */
  async put(productId: number, bytes: Uint8Array, contentType: string): Promise<StoredImage> {
    return this.store(productId, await reencodeImage(bytes, contentType))
  }

  /** Stores an image reencodeImage made (the demo seed does so inside its transaction). */
  async store(productId: number, image: ReencodedImage, db: DbOrTx = this.db) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
    if (!product) throw new AppError('PRODUCT_NOT_FOUND')
    const fresh = randomInt(1, MAX_VERSION)
    const [row] = await db
      .insert(productImages)
      .values({ productId, version: fresh, ...image })
      .onConflictDoUpdate({
        target: productImages.productId,
        set: {
          // A new version even in the one chance in two billion of drawing the current one.
          version: sql`case when ${productImages.version} = ${fresh}::int
                       then ${(fresh % (MAX_VERSION - 1)) + 1}::int else ${fresh}::int end`,
          card: image.card,
          large: image.large,
          width: image.width,
          height: image.height,
          updatedAt: sql`now()`,
        },
      })
      .returning({ version: productImages.version })
    if (!row) throw new Error(`product ${productId}: the image was not stored`)
    const { version } = row
    return {
      version,
      url: productImageUrl(productId, version),
      width: image.width,
      height: image.height,
    }
  }

  /** Removes a product's image; false when it had none. */
  async remove(productId: number, db: DbOrTx = this.db): Promise<boolean> {
    const removed = await db
      .delete(productImages)
      .where(eq(productImages.productId, productId))
      .returning({ productId: productImages.productId })
    return removed.length > 0
  }

  /** The current version of a product's image, or null without one. */
  async version(productId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ version: productImages.version })
      .from(productImages)
      .where(eq(productImages.productId, productId))
    return row?.version ?? null
  }

  /** One size of a product's image; undefined when the product has none (or is unknown). */
  async get(productId: number, size: ImageSize = 'large'): Promise<ImageFile | undefined> {
    const [row] = await this.db
      .select({
        version: productImages.version,
        bytes: size === 'card' ? productImages.card : productImages.large,
      })
      .from(productImages)
      .where(eq(productImages.productId, productId))
    return row && { ...row, etag: `"${row.version}-${size}"` }
  }
}
