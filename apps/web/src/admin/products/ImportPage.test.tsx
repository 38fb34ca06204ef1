import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { owner, renderAdmin, signInStaff } from '../test/render'

const FILE = 'sku,name_en,price_eur,city,district,delivery\nA-1,Tea,5,Vilnius,Old Town,manual\n'

function counts(dryRun: boolean) {
  return { dry_run: dryRun, created: 3, updated: 2, unchanged: 40, places_created: 1, errors: [] }
}

/** A Blob's text, read as the browser reads a file (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })
}

/** The import calls made: their dry_run flag, content type and body text. */
async function importCalls(fetchMock: ReturnType<typeof mockApi>) {
  const calls = fetchMock.mock.calls.filter(([input]) =>
    String(input).startsWith('/api/admin/products/import'),
  )
  return Promise.all(
    calls.map(async ([input, init = {}]) => ({
      dryRun: new URL(String(input), 'http://shop.test').searchParams.get('dry_run'),
      type: (init.headers as Record<string, string>)['Content-Type'],
      text: await textOf(init.body as Blob),
    })),
  )
}

describe('importing products', () => {
  it('previews the file, imports it on confirmation and shows what it did', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'POST /api/admin/products/import': ({ query }) => counts(query.get('dry_run') === 'true'),
    })
    renderAdmin('/products/import')
    // Excel on Windows names a CSV file application/vnd.ms-excel: it is sent as text/csv.
    const file = new File([FILE], 'catalogue.csv', { type: 'application/vnd.ms-excel' })
    await user.upload(await screen.findByLabelText('CSV file'), file)

    const preview = await screen.findByRole('region', { name: 'What importing this file will do' })
    expect(within(preview).getByText('New products').nextSibling?.textContent).toBe('3')
    expect(within(preview).getByText('Updated').nextSibling?.textContent).toBe('2')
    expect(within(preview).getByText('Unchanged').nextSibling?.textContent).toBe('40')
    expect(within(preview).getByText('New cities and districts').nextSibling?.textContent).toBe('1')
    expect(await importCalls(fetchMock)).toEqual([{ dryRun: 'true', type: 'text/csv', text: FILE }])

    await user.click(within(preview).getByRole('button', { name: 'Import now' }))
    const done = await screen.findByRole('region', { name: 'The file was imported.' })
    expect(within(done).getByText('New products').nextSibling?.textContent).toBe('3')
    expect((await importCalls(fetchMock)).map((call) => call.dryRun)).toEqual(['true', 'false'])
  })

  it('lists every problem of a refused file by line, in Lithuanian too, and offers no import', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    mockApi({
      ...me(owner),
      'POST /api/admin/products/import': () =>
        json(422, {
          code: 'IMPORT_INVALID',
          detail: 'The file has errors. Nothing was imported.',
          message: 'The file has errors. Nothing was imported.',
          errors: [
            { line: 3, column: 'price_eur', code: 'INVALID_PRICE', detail: 'x' },
            { line: 7, column: null, code: 'FIELD_COUNT', detail: 'x' },
          ],
        }),
    })
    renderAdmin('/products/import')
    await user.upload(await screen.findByLabelText('CSV file'), new File([FILE], 'a.csv'))
    expect(
      await screen.findByText(
        'Problems in the file: 2. Nothing was imported: correct them and choose the file again.',
      ),
    ).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Problems in the file, by line' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      'Line 3price_eurWrite the price in euros with a dot and at most two decimals, e.g. 12.50 (from 0.01 to 100,000).',
      'Line 7Whole rowThe row has more or fewer cells than the header.',
    ])
    expect(screen.queryByRole('button', { name: 'Import now' })).not.toBeInTheDocument()

    await user.click(screen.getAllByRole('button', { name: 'LT' })[0] as HTMLElement)
    await waitFor(() =>
      expect(
        screen.getByText('Eilutėje daugiau arba mažiau langelių nei antraštėje.'),
      ).toBeInTheDocument(),
    )
  })
})
