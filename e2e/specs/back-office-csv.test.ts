// The owner's files in the browser (docs/data-in-and-out.md): the catalogue exported as a real
// download (an object URL under the shop's CSP), edited as a spreadsheet would and imported
// back through the preview, a refused file with its problems by line, and the books' download.
// Screens are saved in both languages at phone and desktop width when SHOTS_DIR is set.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Download, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppPage, expectNoAxeViolations, openApp, settle } from '../support/app.js'
import { adminText, createOwnerFromSetupLink } from '../support/back-office.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()
const a = (key: string, values: Record<string, string | number> = {}) => adminText(key, values)
const shots = process.env.SHOTS_DIR
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-csv-'))

/** The back office's language, switched with the switch beside the navigation (at desktop width). */
async function speak(page: Page, lang: 'en' | 'lt'): Promise<void> {
  await page.locator(`button[lang="${lang}"]:visible`).first().click()
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' })
}

/** The screen at phone and desktop width, in English and Lithuanian (only with SHOTS_DIR). */
async function shoot(page: Page, name: string): Promise<void> {
  if (!shots) return
  fs.mkdirSync(shots, { recursive: true })
  try {
    for (const lang of ['en', 'lt'] as const) {
      await page.setViewportSize({ width: 1280, height: 900 })
      await speak(page, lang)
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 })
        await settle(page)
        const file = path.join(shots, `${name}-${lang}-${width}.png`)
        await page.screenshot({ path: file, fullPage: true })
      }
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 })
    await speak(page, 'en')
  }
}

async function saved(download: Download): Promise<{ name: string; bytes: Buffer }> {
  const file = path.join(work, download.suggestedFilename())
  await download.saveAs(file)
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) }
}

describe('back office: the catalogue and the books as files', () => {
  let owner: AppPage

  beforeAll(async () => {
    owner = await openApp(live.browser, live.shop.baseUrl, { lang: 'en', width: 1280 })
    await createOwnerFromSetupLink(owner, live.shop.logs())
  })
  afterAll(async () => {
    await owner?.close()
    fs.rmSync(work, { recursive: true, force: true })
  })

  let exported = ''

  it('downloads the catalogue from the products screen', async () => {
    const { page } = owner
    await page
      .getByRole('link', { name: a('nav.products') })
      .first()
      .click()
    await page.getByRole('heading', { name: a('products.title') }).waitFor()
    await shoot(page, 'products')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: a('productImport.export'), exact: true }).click(),
    ])
    const file = await saved(download)
    expect(file.name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/)
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    exported = file.bytes.toString('utf8').slice(1)
    expect(exported.split('\r\n')[0]).toBe(
      'sku,name_en,name_lt,description_en,description_lt,city,district,price_eur,delivery,stock,active',
    )
    expect(exported).toContain('COFFEE-')
    expect(owner.problems).toEqual([])
  })

  it('previews an edited file, imports it on confirmation and shows what it did', async () => {
    const { page } = owner
    const lines = exported.trimEnd().split('\r\n')
    // As the owner adds a row in a spreadsheet: a new product in a town the shop does not have.
    const edited = [
      ...lines,
      'AMBER-1,"Amber ring, silver",Gintarinis žiedas,"Handmade\nin Palanga",,Palanga,Seaside,49.90,manual,4,true',
    ]
    const file = path.join(work, 'edited.csv')
    fs.writeFileSync(file, `\uFEFF${edited.join('\r\n')}\r\n`)

    await page.getByRole('link', { name: a('productImport.open') }).click()
    await page.getByRole('heading', { name: a('productImport.title') }).waitFor()
    await page.getByLabel(a('productImport.choose')).setInputFiles(file)
    const preview = page.getByRole('region', { name: a('productImport.previewTitle') })
    await preview.waitFor()
    await expect
      .poll(() => preview.getByText(a('productImport.counts.created')).locator('..').textContent())
      .toContain('1')
    await expectNoAxeViolations(page, 'import: preview')
    await shoot(page, 'import-preview')
    await preview.getByRole('button', { name: a('productImport.confirm') }).click()
    const done = page.getByRole('region', { name: a('productImport.doneTitle') })
    await done.waitFor()
    await shoot(page, 'import-done')

    await page.getByRole('link', { name: a('productImport.toProducts') }).click()
    await page.getByLabel(a('products.search')).fill('Amber ring')
    await page.getByLabel(a('products.search')).press('Enter')
    await page.getByText('AMBER-1').waitFor()
    await page.getByRole('link', { name: 'Amber ring, silver' }).click()
    await expect.poll(() => page.getByLabel(a('products.sku')).inputValue()).toBe('AMBER-1')
    await shoot(page, 'product-form')
    expect(owner.problems).toEqual([])
  })

  it('lists every problem of a refused file by its line', async () => {
    const { page } = owner
    const file = path.join(work, 'bad.csv')
    fs.writeFileSync(
      file,
      'sku;name_en;price_eur;city;district;delivery\nBAD-1;Tea;12,50;Vilnius;Old Town;manual\n;No SKU;5;Vilnius;Old Town;by post\n',
    )
    await owner.goto('/admin/products/import')
    await page.getByLabel(a('productImport.choose')).setInputFiles(file)
    const table = page.getByRole('table', { name: a('productImport.problemsCaption') })
    await table.waitFor()
    expect(await table.getByRole('row').count()).toBe(4)
    await expect
      .poll(() => table.getByRole('row').nth(1).textContent())
      .toContain(a('productImport.codes.INVALID_PRICE'))
    await expectNoAxeViolations(page, 'import: refused')
    await shoot(page, 'import-refused')
  })

  it('downloads the books for a range of days', async () => {
    const { page } = owner
    await page
      .getByRole('link', { name: a('nav.books') })
      .first()
      .click()
    await page.getByRole('heading', { name: a('books.title') }).waitFor()
    await expectNoAxeViolations(page, 'books')
    await shoot(page, 'books')
    await page.getByLabel(a('books.from')).fill('2026-01-01')
    const [orders] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: a('books.orders.download') }).click(),
    ])
    const file = await saved(orders)
    expect(file.name).toMatch(/^orders-2026-01-01-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(file.bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe(
      'order_code,order_time,status,sku,product_name,price_eur,paid_eur,payment_code,payment_method,currency,customer',
    )
    const [ledger] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: a('books.ledger.download') }).click(),
    ])
    expect((await saved(ledger)).name).toMatch(/^ledger-2026-01-01-/)
    expect(owner.problems).toEqual([])
    expect(owner.foreign).toEqual([])
  })
})
