// The memory a product image may take to decode (issue 33): a small file of a huge picture is
// refused from its header, before anything is decoded, and uploads are decoded one at a time.
import { once } from 'node:events'
import zlib from 'node:zlib'
import { IMAGE_MAX_BYTES } from '@shop/contract'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AppError } from '../src/http/errors.js'
import { imageDecodes, MAX_DECODE_BYTES, reencodeImage } from '../src/modules/catalog/images.js'

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid, all-black 16-bit RGBA PNG, deflated row by row (never held whole in memory). */
async function blackPng16(side: number): Promise<Buffer> {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.set([16, 6, 0, 0, 0], 8) // 16 bits, RGBA, deflate, no filter, no interlace
  const deflate = zlib.createDeflate({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (data: Buffer) => out.push(data))
  const row = Buffer.alloc(1 + side * 8)
  for (let y = 0; y < side; y++) {
    if (!deflate.write(row)) await once(deflate, 'drain')
  }
  deflate.end()
  await once(deflate, 'end')
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('decoding memory', () => {
  it('refuses a 16-bit picture of 7,740 x 7,740 from its header, with 413', async () => {
    const png = await blackPng16(7740)
    expect(png.length).toBeLessThan(IMAGE_MAX_BYTES)
    expect(7740 * 7740 * 4 * 2).toBeGreaterThan(MAX_DECODE_BYTES)
    const started = Date.now()
    const refused = await reencodeImage(png, 'image/png').then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', statusCode: 413 })
    // Nothing was decoded: the whole picture takes seconds.
    expect(Date.now() - started).toBeLessThan(2_000)
  }, 60_000)

  it('still takes an 8-bit picture of 50 megapixels', () => {
    expect(8660 * 5773 * 3).toBeLessThanOrEqual(MAX_DECODE_BYTES)
  })

  it('decodes one upload at a time, the others waiting their turn', async () => {
    const picture = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#3a6' },
    })
      .png()
      .toBuffer()
    const uploads = [1, 2, 3, 4].map(() => reencodeImage(picture, 'image/png'))
    // The first is decoding, the three others queued (sharp is loaded first, so wait for it).
    await expect.poll(() => imageDecodes.activeCount + imageDecodes.pendingCount).toBe(4)
    expect(imageDecodes.activeCount).toBe(1)
    const done = await Promise.all(uploads)
    expect(done.map((image) => image.width)).toEqual([1200, 1200, 1200, 1200])
    expect(done[0]?.height).toBe(900)
  })
})
