// Product images: an upload is re-encoded as WebP, upright and bounded in size, with every
// metadata block removed (a phone photo's EXIF carries its GPS position); anything that is not a
// JPEG, PNG or WebP picture is refused; customers get it at GET /api/products/:id/image.
import type { Product } from '@shop/contract'
import { IMAGE_MAX_BYTES } from '@shop/contract'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../src/http/errors.js'
import { reencodeImage } from '../src/modules/catalog/images.js'
import { createPlace, createProduct, type SignedUpUser, signUp, useTestApp } from './kit/index.js'

const t = useTestApp()
let user: SignedUpUser
let productId: number

/**
 * The tags of an EXIF block's first IFD, and its GPS IFD's ASCII and RATIONAL values (a small
 * TIFF reader, so the test photo's GPS position is checked by reading it back).
 */
function exifTags(exif: Buffer): { ifd0: number[]; gps: Map<number, string | number[]> } {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6)
  const little = tiff.toString('latin1', 0, 2) === 'II'
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  const entries = (offset: number) =>
    Array.from({ length: u16(offset) }, (_, i) => offset + 2 + i * 12).map((at) => ({
      tag: u16(at),
      type: u16(at + 2),
      count: u32(at + 4),
      at,
    }))
  const ifd0 = entries(u32(4))
  const gps = new Map<number, string | number[]>()
  const pointer = ifd0.find((entry) => entry.tag === 0x8825)
  for (const entry of pointer ? entries(u32(pointer.at + 8)) : []) {
    if (entry.type === 2) {
      // ASCII: in the entry itself when it fits in 4 bytes, else at an offset.
      const at = entry.count <= 4 ? entry.at + 8 : u32(entry.at + 8)
      gps.set(entry.tag, tiff.toString('latin1', at, at + entry.count).replace(/\0+$/, ''))
    } else if (entry.type === 5) {
      const at = u32(entry.at + 8)
      const rationals = Array.from({ length: entry.count }, (_, i) => at + i * 8)
      gps.set(
        entry.tag,
        rationals.map((r) => u32(r) / u32(r + 4)),
      )
    }
  }
  return { ifd0: ifd0.map((entry) => entry.tag), gps }
}

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
  '<dc:creator>Jonas Jonaitis</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>'

/**
 * A phone photo as it arrives: 64x32 px, left half red and right half blue, stored sideways
 * (EXIF orientation 6: turn 90 degrees clockwise to view), with the camera's make, a GPS
 * position in Vilnius, a Display P3 ICC profile, XMP naming its author and a JPEG comment.
 */
async function phonePhoto(): Promise<Buffer> {
  const blue = await sharp({
    create: { width: 32, height: 32, channels: 3, background: '#0000ff' },
  })
    .png()
    .toBuffer()
  const jpeg = await sharp({
    create: { width: 64, height: 32, channels: 3, background: '#ff0000' },
  })
    .composite([{ input: blue, left: 32, top: 0 }])
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '54/1 41/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '25/1 16/1 5000/100',
      },
    })
    .withIccProfile('p3')
    .withXmp(XMP)
    .jpeg({ quality: 95 })
    .toBuffer()
  // A COM segment right after the start-of-image marker.
  const comment = Buffer.from('shot at Gedimino pr. 9')
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment])
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)])
}

/** Red, green and blue of one pixel. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [...data.subarray(at, at + 3)]
}

function expectRefused(promise: Promise<unknown>, code: string, status: number) {
  return expect(promise).rejects.toSatisfy(
    (error) => error instanceof AppError && error.code === code && error.statusCode === status,
  )
}

beforeAll(async () => {
  user = await signUp(t.app)
  const place = await createPlace(t.database.db)
  productId = await createProduct(t.database.db, { ...place, name: 'Pictured lamp' })
})

describe('re-encoding an upload', () => {
  it('starts from a photo that really carries GPS, an ICC profile, XMP and a comment', async () => {
    const photo = await phonePhoto()
    const meta = await sharp(photo).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 32, orientation: 6 })
    expect(meta.icc).toBeDefined()
    expect(meta.xmp?.toString()).toContain('Jonas Jonaitis')
    const tags = exifTags(meta.exif as Buffer)
    expect(tags.ifd0).toContain(0x010f) // Make
    // GPSLatitude 54° 41' 24" N, GPSLongitude 25° 16' 50" E.
    expect(tags.gps.get(1)).toBe('N')
    expect(tags.gps.get(2)).toEqual([54, 41, 24])
    expect(tags.gps.get(3)).toBe('E')
    expect(tags.gps.get(4)).toEqual([25, 16, 50])
    expect(photo.includes('Gedimino')).toBe(true)
  })

  it('turns it upright and keeps no EXIF, GPS, ICC, XMP or comment', async () => {
    const photo = await phonePhoto()
    const image = await reencodeImage(photo, 'image/jpeg')
    expect([image.width, image.height]).toEqual([32, 64])
    for (const bytes of [image.large, image.card]) {
      const meta = await sharp(bytes).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: 32, height: 64 })
      expect(meta.exif).toBeUndefined()
      expect(meta.icc).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.orientation).toBeUndefined()
      for (const text of ['Exif', 'PhoneCo', 'Jonas', 'Gedimino', 'xmpmeta', 'ICCP']) {
        expect(bytes.includes(text), text).toBe(false)
      }
      // Turned clockwise: the red left half is now on top, the blue right half below.
      const [top, bottom] = [await pixel(bytes, 16, 8), await pixel(bytes, 16, 56)]
      expect(top[0]).toBeGreaterThan(200)
      expect(top[2]).toBeLessThan(60)
      expect(bottom[2]).toBeGreaterThan(200)
      expect(bottom[0]).toBeLessThan(60)
    }
  })

  it('bounds the size (1200 px large, 640 px card) and never enlarges', async () => {
    const wide = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer()
    const image = await reencodeImage(wide, 'image/png')
    expect([image.width, image.height]).toEqual([1200, 600])
    expect(await sharp(image.card).metadata()).toMatchObject({ width: 640, height: 320 })
    const small = await sharp({
      create: { width: 300, height: 200, channels: 4, background: '#0a0c' },
    })
      .webp()
      .toBuffer()
    const kept = await reencodeImage(small, 'image/webp')
    expect([kept.width, kept.height]).toEqual([300, 200])
    expect(await sharp(kept.card).metadata()).toMatchObject({
      width: 300,
      height: 200,
      hasAlpha: true,
    })
  })

  it('refuses what is not a readable JPEG, PNG or WebP with 400 IMAGE_INVALID', async () => {
    const photo = await phonePhoto()
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer()
    for (const [bytes, type] of [
      [Buffer.from('hello, this is not a picture'), 'image/png'],
      [Buffer.alloc(0), 'image/jpeg'],
      [svg, 'image/png'],
      [gif, 'image/webp'],
      [photo.subarray(0, Math.floor(photo.length / 2)), 'image/jpeg'], // cut short
      [Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(64, 7)]), 'image/webp'],
    ] as const) {
      await expectRefused(reencodeImage(bytes, type), 'IMAGE_INVALID', 400)
    }
    // A real JPEG sent as image/png is still a picture of an accepted kind: it is re-encoded.
    expect((await reencodeImage(photo, 'image/png; charset=binary')).width).toBe(32)
  })

  it('refuses a picture that would decode into too many pixels', async () => {
    // 8000 x 8000 = 64 megapixels in a 200 kB PNG.
    const bomb = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: '#777' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES)
    await expectRefused(reencodeImage(bomb, 'image/png'), 'PAYLOAD_TOO_LARGE', 413)
  })

  it('refuses more than 5 MB (413) and other declared types (415)', async () => {
    const photo = await phonePhoto()
    const oversize = Buffer.concat([photo, Buffer.alloc(IMAGE_MAX_BYTES + 1 - photo.length)])
    await expectRefused(reencodeImage(oversize, 'image/jpeg'), 'PAYLOAD_TOO_LARGE', 413)
    await expectRefused(reencodeImage(photo, 'image/gif'), 'UNSUPPORTED_MEDIA_TYPE', 415)
    await expectRefused(
      reencodeImage(photo, 'application/octet-stream'),
      'UNSUPPORTED_MEDIA_TYPE',
      415,
    )
  })
})

describe('storing and serving a product image', () => {
  const imageUrl = (query = '') => `/api/products/${productId}/image${query}`

  async function product(): Promise<Product> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/${productId}`,
      headers: user.headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as Product
  }

  it('has none at first: image_url is null and the image answers 404', async () => {
    expect((await product()).image_url).toBeNull()
    const res = await t.app.inject({ method: 'GET', url: imageUrl() })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
    const unknown = await t.app.inject({ method: 'GET', url: '/api/products/999999/image' })
    expect(unknown.statusCode).toBe(404)
    const bad = await t.app.inject({ method: 'GET', url: `${imageUrl()}?size=huge` })
    expect(bad.statusCode).toBe(400)
  })

  it('stores nothing for a refused upload or an unknown product', async () => {
    const { productImages } = t.services
    await expectRefused(
      productImages.put(productId, Buffer.from('nope'), 'image/png'),
      'IMAGE_INVALID',
      400,
    )
    await expectRefused(
      productImages.put(999_999, await phonePhoto(), 'image/jpeg'),
      'PRODUCT_NOT_FOUND',
      404,
    )
    expect(await productImages.version(productId)).toBeNull()
  })

  it('serves the stored image publicly as WebP without metadata, with an ETag and caching', async () => {
    const stored = await t.services.productImages.put(productId, await phonePhoto(), 'image/jpeg')
    expect(stored.url).toBe(imageUrl(`?v=${stored.version}`))
    expect((await product()).image_url).toBe(stored.url)

    // No token: an <img> sends none.
    const res = await t.app.inject({ method: 'GET', url: stored.url })
    expect(res.statusCode).toBe(200)
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${stored.version}-large"`,
    })
    const served = await sharp(res.rawPayload).metadata()
    expect(served).toMatchObject({ format: 'webp', width: 32, height: 64 })
    expect([served.exif, served.icc, served.xmp]).toEqual([undefined, undefined, undefined])
    expect(res.rawPayload.includes('PhoneCo')).toBe(false)

    // Without the version (or with an old one) the browser checks again each time.
    const unversioned = await t.app.inject({ method: 'GET', url: imageUrl('?size=card') })
    expect(unversioned.headers['cache-control']).toBe('public, no-cache')
    expect(unversioned.headers.etag).toBe(`"${stored.version}-card"`)
    expect((await sharp(unversioned.rawPayload).metadata()).format).toBe('webp')

    const again = await t.app.inject({
      method: 'GET',
      url: stored.url,
      headers: { 'if-none-match': `W/"x", "${stored.version}-large"` },
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    const head = await t.app.inject({ method: 'HEAD', url: stored.url })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe('image/webp')
  })

  it('gives a new upload a new version and URL; the old ETag no longer matches', async () => {
    const before = await t.services.productImages.version(productId)
    const square = await sharp({
      create: { width: 50, height: 50, channels: 3, background: '#0f0' },
    })
      .png()
      .toBuffer()
    const stored = await t.services.productImages.put(productId, square, 'image/png')
    expect(stored.version).not.toBe(before)
    expect((await product()).image_url).toBe(imageUrl(`?v=${stored.version}`))
    const res = await t.app.inject({
      method: 'GET',
      url: imageUrl(`?v=${before}`),
      headers: { 'if-none-match': `"${before}-large"` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, no-cache')
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 50, height: 50 })
  })

  it('forgets the image when it is removed', async () => {
    expect(await t.services.productImages.remove(productId)).toBe(true)
    expect(await t.services.productImages.remove(productId)).toBe(false)
    expect((await product()).image_url).toBeNull()
    expect((await t.app.inject({ method: 'GET', url: imageUrl() })).statusCode).toBe(404)
  })
})
