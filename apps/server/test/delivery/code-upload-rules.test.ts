// What one uploaded delivery code is (issue 33): compared in one Unicode form (NFC) without its
// surrounding spaces, so the same code pasted from another program is a duplicate; one line of
// text, never a line break.
import { beforeAll, describe, expect, it } from 'vitest'
import { createProduct, type StaffLogin, setUpOwner, useTestApp } from '../kit/index.js'

const t = useTestApp({ seed: true })
let owner: StaffLogin

beforeAll(async () => {
  owner = await setUpOwner(t)
})

const upload = (id: number, codes: string[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${id}/codes`,
    headers: owner.headers,
    payload: { codes },
  })

const codeProduct = () => createProduct(t.database.db, { delivery: 'code', stock: 0 })

describe('one delivery code', () => {
  it('is the same code in either Unicode form, in one upload or across two', async () => {
    const composed = 'CAFÉ-2026' // É as one character
    const decomposed = 'CAFE\u0301-2026' // E and a combining acute accent
    expect(composed).not.toBe(decomposed)
    const id = await codeProduct()
    const together = await upload(id, [composed, ` ${decomposed}\u00a0`])
    expect(together.statusCode).toBe(409)
    expect(together.json()).toMatchObject({ code: 'CODE_DUPLICATE' })
    expect(together.json().detail).toContain('Lines 1 and 2')
    expect((await upload(id, [decomposed])).statusCode).toBe(200)
    const again = await upload(id, [composed])
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'CODE_DUPLICATE' })
  })

  it('refuses a line break or another control character inside a code, adding nothing', async () => {
    const id = await codeProduct()
    for (const inside of ['\n', '\r', '\u2028', '\u0085', '\t', '\u000b']) {
      const res = await upload(id, ['FINE-1', `HALF${inside}OTHER`])
      expect(res.statusCode, JSON.stringify(inside)).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
      expect(res.json().detail).toContain('Line 2')
    }
    const counts = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${id}/codes`,
      headers: owner.headers,
    })
    expect(counts.json()).toEqual({ available: 0, reserved: 0, delivered: 0 })
  })
})

describe('one upload of codes', () => {
  it('takes the largest the rules allow: 1000 codes of 500 characters, of any script', async () => {
    const id = await codeProduct()
    // 4-byte characters (an emoji, a CJK extension) and 2-byte ones (Lithuanian letters).
    const codes = Array.from(
      { length: 1000 },
      (_, i) => `${String(i).padStart(4, '0')}${(i % 2 ? '😀' : 'ą').repeat(496)}`,
    )
    expect(codes.every((code) => [...code].length === 500)).toBe(true)
    expect(Buffer.byteLength(JSON.stringify({ codes }))).toBeGreaterThan(1_000_000)
    const res = await upload(id, codes)
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    expect(res.json()).toEqual({ added: 1000, available: 1000 })
  }, 120_000)
})
