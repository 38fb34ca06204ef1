// A rotation of DELIVERY_KEY (decision 0029): with the key before it given, the vault still opens
// the old codes, an upload cannot add one of them again before they are re-sealed, and the pass
// at start re-seals each under the new key with the new fingerprint, once, leaving alone what
// opens under neither key. On both databases.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/db/client.js'
import { deliveryCodes } from '../../src/db/schema/delivery.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import { CodeVault } from '../../src/modules/delivery/code-vault.js'
import { resealDeliveryCodes, resealOnStart } from '../../src/modules/delivery/rotation.js'
import { DeliveryCodes } from '../../src/modules/delivery/service.js'
import { createCodeProduct, TEST_DELIVERY_KEY } from '../kit/index.js'
import { createTestDatabase } from '../kit/test-database.js'

const OLD = 'the-delivery-key-before-the-rotation-0123456789'
const NEW = 'the-delivery-key-after-the-rotation-9876543210'
const LOST = 'a-delivery-key-nobody-kept-any-more-0123456789'

let database: Database
let product: { productId: number; codes: string[] }
let lostProduct: { productId: number; codes: string[] }

beforeAll(async () => {
  database = await createTestDatabase()
  await seedDemo(database.db, TEST_DELIVERY_KEY)
  // Only this file's codes: the demo's are sealed under the tests' own key.
  await database.db.delete(deliveryCodes)
  product = await createCodeProduct(database.db, OLD, 3)
  lostProduct = await createCodeProduct(database.db, LOST, 1)
})
afterAll(async () => {
  await database.close()
})

const rowsOf = (productId: number) =>
  database.db.select().from(deliveryCodes).where(eq(deliveryCodes.productId, productId))

/** Adds `codes` to the product as the owner's upload does, inside a transaction. */
const upload = (vault: CodeVault, productId: number, codes: string[]) =>
  database.db.transaction((tx) => new DeliveryCodes(database.db, vault).add(tx, productId, codes))

describe('while the rotation is under way', () => {
  it('opens the codes of the key before, and of the new key', () => {
    const rotating = new CodeVault(NEW, OLD)
    const sealedNew = rotating.seal('NEW-CODE')
    expect(rotating.open(sealedNew)).toBe('NEW-CODE')
    expect(new CodeVault(OLD).open(sealedNew)).toBeNull()
    expect(new CodeVault(NEW).open(new CodeVault(OLD).seal('OLD-CODE'))).toBeNull()
    expect(rotating.open(new CodeVault(OLD).seal('OLD-CODE'))).toBe('OLD-CODE')
    expect(rotating.open(new CodeVault(LOST).seal('LOST-CODE'))).toBeNull()
  })

  it('refuses an upload of a code the product has under the key before', async () => {
    const before = await rowsOf(product.productId)
    await expect(
      upload(new CodeVault(NEW, OLD), product.productId, ['A-FRESH-CODE', product.codes[1] ?? '']),
    ).rejects.toMatchObject({
      code: 'CODE_DUPLICATE',
      message: 'Line 2 is a code this product already has.',
    })
    expect(await rowsOf(product.productId)).toEqual(before)
  })
})

describe('the pass at start', () => {
  it('re-seals every code of the key before under the new one, with its new fingerprint', async () => {
    const report = await resealDeliveryCodes(database.db, new CodeVault(NEW, OLD))
    expect(report).toEqual({ resealed: 3, unreadable: 1 })
    const vault = new CodeVault(NEW)
    const rows = await rowsOf(product.productId)
    expect(rows.map((row) => vault.open(row.sealed)).sort()).toEqual([...product.codes].sort())
    for (const row of rows) {
      expect(row.fingerprint).toBe(vault.fingerprint(row.productId, vault.open(row.sealed) ?? ''))
      expect(new CodeVault(OLD).open(row.sealed)).toBeNull()
    }
  })

  it('leaves what opens under neither key as it was', async () => {
    const [lost] = await rowsOf(lostProduct.productId)
    expect(lost && new CodeVault(LOST).open(lost.sealed)).toBe(lostProduct.codes[0])
  })

  it('finds nothing more to do the second time, and needs the key before to run at all', async () => {
    expect(await resealOnStart(database, new CodeVault(NEW, OLD))).toEqual({
      resealed: 0,
      unreadable: 1,
    })
    expect(await resealDeliveryCodes(database.db, new CodeVault(NEW))).toEqual({
      resealed: 0,
      unreadable: 0,
    })
  })

  it('afterwards the new key alone refuses the same code again and takes a new one', async () => {
    const vault = new CodeVault(NEW)
    await expect(upload(vault, product.productId, [product.codes[0] ?? ''])).rejects.toMatchObject({
      code: 'CODE_DUPLICATE',
    })
    expect(await upload(vault, product.productId, ['A-FRESH-CODE'])).toBe(1)
  })
})
