// The cart as forms: add from the list or a product's page, remove and clear after a page that
// asks, the coupon, the three-item limit; each change through the cart module, then a redirect.
import { describe, expect, it } from 'vitest'
import {
  createCoupon,
  createPlace,
  createProduct,
  createProducts,
  uniqueTag,
  useTestApp,
} from '../kit/index.js'
import { FormBrowser, signUpInBrowser } from './browser.js'

const t = useTestApp({ seed: true })

async function customer() {
  const browser = new FormBrowser(t.app)
  await signUpInBrowser(browser, `basic_${uniqueTag()}`)
  return browser
}

describe('the basic cart', () => {
  it('asks to sign in first, and comes back', async () => {
    const visitor = new FormBrowser(t.app)
    const page = await visitor.get('/basic/cart')
    expect(page.statusCode).toBe(303)
    expect(page.headers.location).toBe('/basic/login?next=%2Fbasic%2Fcart')
  })

  it('adds, shows the lines and the summary, removes after asking, clears after asking', async () => {
    const browser = await customer()
    const [first, second] = await createProducts(t.database.db, 2, { priceCents: 1250 })
    const added = await browser.submit(`/basic/products/${first}`, '/basic/cart/add', {
      product_id: String(first),
      return: `/basic/products/${first}`,
    })
    expect(added.statusCode).toBe(303)
    expect(added.headers.location).toBe(`/basic/products/${first}?notice=cart.toast.added`)
    expect((await browser.get(String(added.headers.location))).body).toContain(
      'Product added to cart',
    )
    await browser.submit('/basic/products', '/basic/cart/add', { product_id: String(second) })
    await browser.submit('/basic/products', '/basic/cart/add', { product_id: String(second) })

    const cart = (await browser.get('/basic/cart')).body
    expect(cart).toContain('€12.50 each')
    expect(cart).toContain('Quantity: 2')
    expect(cart).toContain('€25.00')
    expect(cart).toContain('€37.50')
    expect(cart).toContain('Maximum 3 products in cart')
    expect(cart).toContain('3 of 3')
    expect(cart).not.toContain('Discount')

    // The product pages now say the cart is full, with the button disabled.
    const list = (await browser.get('/basic/products')).body
    expect(list).toContain('Cart full')
    expect(list).toMatch(/<button type="submit" disabled=""[^>]*>Cart full<\/button>/)
    const refused = await browser.submit('/basic/products', '/basic/cart/add', {
      product_id: String(first),
    })
    expect(refused.headers.location).toBe('/basic/products?error=CART_FULL')

    const ask = await browser.get(`/basic/cart/remove/${second}`)
    expect(ask.body).toContain('Are you sure you want to remove this product?')
    const removed = await browser.submit(
      `/basic/cart/remove/${second}`,
      `/basic/cart/remove/${second}`,
      {},
    )
    expect(removed.headers.location).toBe('/basic/cart?notice=cart.toast.removed')
    expect((await browser.get('/basic/cart')).body).not.toContain('Quantity: 2')

    const clear = await browser.get('/basic/cart/clear')
    expect(clear.body).toContain('Do you want to clear the shopping cart?')
    await browser.submit('/basic/cart/clear', '/basic/cart/clear', {})
    const empty = (await browser.get('/basic/cart')).body
    expect(empty).toContain('Your cart is empty')
    expect(empty).toContain('href="/basic/products"')
  })

  it('applies a coupon, shows the discount, refuses a wrong one beside the field, removes it', async () => {
    const browser = await customer()
    const product = await createProduct(t.database.db, { priceCents: 2000 })
    await browser.submit('/basic/products', '/basic/cart/add', { product_id: String(product) })
    const code = `B${uniqueTag().toUpperCase()}`
    await createCoupon(t.database.db, { code, percentOff: 10 })

    const wrong = await browser.submit('/basic/cart', '/basic/cart/coupon', {
      coupon_code: 'NO-SUCH-CODE',
    })
    expect(wrong.statusCode).toBe(404)
    expect(wrong.body).toContain('value="NO-SUCH-CODE"')
    expect(wrong.body).toMatch(/id="coupon_code-error"/)

    const applied = await browser.submit('/basic/cart', '/basic/cart/coupon', {
      coupon_code: code.toLowerCase(),
    })
    expect(applied.headers.location).toBe('/basic/cart?notice=cart.toast.couponApplied')
    const cart = (await browser.get('/basic/cart')).body
    expect(cart).toContain(`Discount (${code})`)
    expect(cart).toContain('−€2.00')
    expect(cart).toContain('€18.00')

    await browser.submit('/basic/cart', '/basic/cart/coupon/remove', {})
    expect((await browser.get('/basic/cart')).body).not.toContain('Discount')
  })

  it('lists products by city, then district, with search and paging', async () => {
    const browser = await customer()
    const place = await createPlace(t.database.db)
    const tag = uniqueTag()
    await createProducts(t.database.db, 25, {
      cityId: place.cityId,
      districtId: place.districtId,
      name: `Paged ${tag}`,
    })
    const city = (await browser.get(`/basic/products?city_id=${place.cityId}`)).body
    expect(city).toContain(`<option value="${place.districtId}">`)
    const first = (
      await browser.get(
        `/basic/products?city_id=${place.cityId}&district_id=${place.districtId}&search=Paged+${tag}`,
      )
    ).body
    expect(first).toContain('Products found: 25')
    expect(first).toContain('Page 1 of 2')
    expect(first).toMatch(/href="[^"]*page=2"[^>]*>Next/)
    const second = (
      await browser.get(`/basic/products?city_id=${place.cityId}&search=Paged+${tag}&page=2`)
    ).body
    expect(second).toContain('Page 2 of 2')
    expect(second.match(/<li class="flex flex-col overflow-hidden/g)?.length).toBe(5)
    // Before a city is chosen, no district can be.
    expect((await browser.get('/basic/products')).body).toContain('Choose a city first')
    const none = (await browser.get(`/basic/products?search=${tag}-nothing`)).body
    expect(none).toContain('No products found')
    // Empty fields, as a form sends them, are no filter.
    expect(
      (await browser.get('/basic/products?city_id=&district_id=&search=&page=')).statusCode,
    ).toBe(200)
  })
})
