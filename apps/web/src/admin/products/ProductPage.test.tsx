import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, callsTo, mockApi } from '../../test/api'
import { cities, me, product } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff } from '../test/render'

/** A blob's bytes (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(blob)
  })
}

const catalogue = {
  ...me(owner),
  'GET /api/admin/cities': () => ({ cities }),
  'GET /api/admin/products': () => ({ products: [], total: 0 }),
}

describe('product form', () => {
  it('creates a product with both languages, the price in cents-exact euros and its place', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...catalogue,
      'POST /api/admin/products': ({ body }) =>
        new Response(JSON.stringify(product({ ...(body as object), id: 42 })), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
      'GET /api/admin/products/42': () => product({ id: 42, name_en: 'Tea set' }),
    })
    const { router } = renderAdmin('/products/new')

    await fill(user, await screen.findByLabelText('Name in English'), '  Tea set ')
    await fill(user, screen.getByLabelText('Name in Lithuanian'), 'Arbatos rinkinys')
    await fill(user, screen.getByLabelText('Description in English'), 'Six cups.')
    await fill(user, screen.getByLabelText('Description in Lithuanian'), 'Šeši puodeliai.')
    await user.type(screen.getByLabelText('Price (EUR)'), '12,50')
    const district = screen.getByLabelText('District')
    expect(district).toBeDisabled()
    await user.selectOptions(screen.getByLabelText('City'), 'Vilnius')
    expect(
      within(district)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a district', 'Old Town', 'Antakalnis'])
    await user.selectOptions(district, 'Antakalnis')
    await user.click(screen.getByLabelText(/^Manual/))
    await user.click(screen.getByLabelText('On sale'))
    await user.click(screen.getByRole('button', { name: 'Create product' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/products/42'))
    expect(callsTo(fetchMock, 'POST /api/admin/products')).toEqual([
      {
        name_en: 'Tea set',
        name_lt: 'Arbatos rinkinys',
        description_en: 'Six cups.',
        description_lt: 'Šeši puodeliai.',
        price_eur: 12.5,
        city_id: 1,
        district_id: 12,
        delivery: 'manual',
        active: false,
      },
    ])
  })

  it('marks the refused fields and sends nothing', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi(catalogue)
    renderAdmin('/products/new')
    await fill(user, await screen.findByLabelText('Name in English'), 'Tea set')
    await user.type(screen.getByLabelText('Price (EUR)'), '12.505')
    await user.click(screen.getByRole('button', { name: 'Create product' }))

    expect(screen.getByLabelText('Name in Lithuanian')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Name in Lithuanian')).toHaveFocus()
    expect(screen.getByLabelText('Price (EUR)')).toHaveAttribute('aria-invalid', 'true')
    expect(
      screen.getByText('Enter a price from 0.01 to 100,000 euros, with at most two decimals.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Choose a city.')).toBeInTheDocument()
    expect(screen.getByLabelText('Name in English')).not.toHaveAttribute('aria-invalid')
    expect(callsTo(fetchMock, 'POST /api/admin/products')).toHaveLength(0)
  })

  it('sends only what changed of a stored product', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...catalogue,
      'GET /api/admin/products/7': () => product(),
      'PATCH /api/admin/products/7': ({ body }) => product(body as object),
    })
    renderAdmin('/products/7')
    const price = await screen.findByLabelText('Price (EUR)')
    expect(price).toHaveValue('25.00')
    await user.clear(price)
    await fill(user, price, '19.99')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/admin/products/7')).toEqual([{ price_eur: 19.99 }]),
    )
  })

  it('changes the SKU, and shows a SKU another product has on its field', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...catalogue,
      'GET /api/admin/products/7': () => product(),
      'PATCH /api/admin/products/7': () =>
        apiError(409, 'SKU_TAKEN', 'Another product already has this SKU.'),
    })
    renderAdmin('/products/7')
    const sku = await screen.findByLabelText('SKU')
    expect(sku).toHaveValue('GIFT-25')
    await fill(user, sku, ' GIFT-50 ')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(sku).toHaveAccessibleDescription(/Another product already has this SKU/),
    )
    expect(callsTo(fetchMock, 'PATCH /api/admin/products/7')).toEqual([{ sku: 'GIFT-50' }])
    await fill(user, sku, 'GIFT 50')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(sku).toHaveAccessibleDescription(/Enter a SKU of 1 to 64/))
    expect(callsTo(fetchMock, 'PATCH /api/admin/products/7')).toHaveLength(1)
  })
})

describe('stock and image of a product', () => {
  it('changes the stock of a manual product with a reason, and shows a refusal on the field', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    let refuse = true
    const fetchMock = mockApi({
      ...catalogue,
      'GET /api/admin/products/7': () => product(),
      'POST /api/admin/products/7/stock': () =>
        refuse
          ? new Response(
              JSON.stringify({
                code: 'STOCK_BELOW_RESERVED',
                detail: 'Stock cannot go below what is reserved or zero.',
                message: 'Stock cannot go below what is reserved or zero.',
              }),
              { status: 409, headers: { 'Content-Type': 'application/json' } },
            )
          : product({ stock: 3 }),
    })
    renderAdmin('/products/7')
    const stock = await screen.findByRole('region', { name: 'Stock' })
    expect(within(stock).getByText('On the shelf').nextSibling).toHaveTextContent('5')
    await fill(user, within(stock).getByLabelText('Change'), '-5')
    await fill(user, within(stock).getByLabelText('Reason'), 'Damaged in storage')
    await user.click(within(stock).getByRole('button', { name: 'Change stock' }))
    expect(
      await within(stock).findByText('Stock cannot go below what is reserved or zero.'),
    ).toBeInTheDocument()
    expect(within(stock).getByLabelText('Change')).toHaveAttribute('aria-invalid', 'true')

    refuse = false
    await user.clear(within(stock).getByLabelText('Change'))
    await fill(user, within(stock).getByLabelText('Change'), '-2')
    await user.click(within(stock).getByRole('button', { name: 'Change stock' }))
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/admin/products/7/stock')).toEqual([
        { change: -5, reason: 'Damaged in storage' },
        { change: -2, reason: 'Damaged in storage' },
      ]),
    )
  })

  it('uploads the chosen picture as the raw body with its content type, after a preview', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...catalogue,
      'GET /api/admin/products/7': () => product(),
      'PUT /api/admin/products/7/image': () => product({ image_url: '/api/images/7.webp' }),
    })
    renderAdmin('/products/7')
    const panel = await screen.findByRole('region', { name: 'Image' })
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
    const picture = new File([bytes], 'tea.png', { type: 'image/png' })
    await user.upload(within(panel).getByLabelText('Choose a picture'), picture)
    const preview = await within(panel).findByRole('img', { name: 'Preview of the chosen picture' })
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/)

    await user.click(within(panel).getByRole('button', { name: 'Upload' }))
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url) === '/api/admin/products/7/image'),
      ).toHaveLength(1),
    )
    const [, init] = fetchMock.mock.calls.find(
      ([url]) => String(url) === '/api/admin/products/7/image',
    ) as [string, RequestInit]
    expect(init.method).toBe('PUT')
    expect(new Headers(init.headers).get('Content-Type')).toBe('image/png')
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-1')
    expect(init.body).toBe(picture)
    expect(await bytesOf(init.body as Blob)).toEqual(bytes)
  })

  it('refuses a file that is not a picture or is over 5 MB without sending it', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false })
    signInStaff(owner)
    const fetchMock = mockApi({ ...catalogue, 'GET /api/admin/products/7': () => product() })
    renderAdmin('/products/7')
    const panel = await screen.findByRole('region', { name: 'Image' })
    const input = within(panel).getByLabelText('Choose a picture')
    await user.upload(input, new File(['GIF89a'], 'old.gif', { type: 'image/gif' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'This file is not a JPEG, PNG or WebP picture.',
    )
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' })
    await user.upload(input, huge)
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'The picture is larger than 5 MB.',
    )
    expect(within(panel).getByRole('button', { name: 'Upload' })).toBeDisabled()
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/image'))).toBe(false)
  })
})
