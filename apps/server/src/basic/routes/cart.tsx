// The cart as forms: add (from the product pages), remove and clear (each confirmed on a page of
// its own), the coupon. Every change is the cart module's, as the API's cart routes call it;
// the answer is a redirect to the page that shows the result.
import { COUPON_CODE_MAX_LENGTH } from '@shop/contract'
import type { FastifyReply } from 'fastify'
import Type, { type Static } from 'typebox'
import { AppError } from '../../http/errors.js'
import type { BasicRoutes } from '../deps.js'
import { withFlash } from '../flash.js'
import { customerOrSignIn } from '../guards.js'
import { CartPage, cartPaths } from '../pages/CartPage.js'
import { ConfirmPage } from '../pages/ConfirmPage.js'
import { BASIC_PATHS, basicReturnPath } from '../paths.js'
import { idOf } from '../query.js'
import { redirect, render } from '../render.js'

const AddForm = Type.Object({
  product_id: Type.String({ maxLength: 12 }),
  return: Type.Optional(Type.String({ maxLength: 2000 })),
})
const CouponForm = Type.Object({ coupon_code: Type.String({ maxLength: COUPON_CODE_MAX_LENGTH }) })
const ProductParams = Type.Object({ productId: Type.String({ maxLength: 12 }) })

/** Runs a change of the cart and redirects to `to` with its notice, or with the refusal's code. */
async function change(
  reply: FastifyReply,
  to: string,
  notice: string,
  run: () => Promise<unknown>,
) {
  try {
    await run()
    return redirect(reply, withFlash(to, { notice }))
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error
    return redirect(reply, withFlash(to, { error: error.code }))
  }
}

export const cartRoutes: BasicRoutes = (basic, { services }) => {
  const { cart } = services

  basic.get('/cart', async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const current = await cart.get(auth.userId, request.basicPage.lang)
    return render(request, reply, <CartPage cart={current} />)
  })

  basic.post('/cart/add', { schema: { body: AddForm } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const form = request.body as Static<typeof AddForm>
    const back = basicReturnPath(form.return)
    const productId = idOf(form.product_id)
    return change(
      reply,
      back === BASIC_PATHS.home ? BASIC_PATHS.products : back,
      'cart.toast.added',
      () => {
        if (!productId) throw new AppError('PRODUCT_NOT_FOUND')
        return cart.add(auth.userId, productId, request.basicPage.lang)
      },
    )
  })

  basic.get(
    '/cart/remove/:productId',
    { schema: { params: ProductParams } },
    async (request, reply) => {
      const auth = customerOrSignIn(request, reply)
      if (!auth) return reply
      const { t, lang } = request.basicPage
      const productId = idOf((request.params as Static<typeof ProductParams>).productId)
      const item = (await cart.get(auth.userId, lang)).items.find(
        (line) => line.product_id === productId,
      )
      if (!item || !productId) {
        return redirect(reply, withFlash(BASIC_PATHS.cart, { error: 'CART_ITEM_NOT_FOUND' }))
      }
      return render(
        request,
        reply,
        <ConfirmPage
          question={t('cart.confirmRemove')}
          detail={<p className="font-semibold">{item.product_name}</p>}
          action={cartPaths.remove(productId)}
          confirmLabel={t('cart.remove')}
          cancel={{ href: BASIC_PATHS.cart, label: t('common.cancel') }}
        />,
      )
    },
  )

  basic.post(
    '/cart/remove/:productId',
    { schema: { params: ProductParams } },
    async (request, reply) => {
      const auth = customerOrSignIn(request, reply)
      if (!auth) return reply
      const productId = idOf((request.params as Static<typeof ProductParams>).productId)
      return change(reply, BASIC_PATHS.cart, 'cart.toast.removed', () => {
        if (!productId) throw new AppError('CART_ITEM_NOT_FOUND')
        return cart.remove(auth.userId, productId, request.basicPage.lang)
      })
    },
  )

  basic.get('/cart/clear', async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const { t } = request.basicPage
    return render(
      request,
      reply,
      <ConfirmPage
        question={t('cart.confirmClear')}
        action={cartPaths.clear}
        confirmLabel={t('cart.clear')}
        cancel={{ href: BASIC_PATHS.cart, label: t('common.cancel') }}
      />,
    )
  })

  basic.post('/cart/clear', async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    return change(reply, BASIC_PATHS.cart, 'cart.toast.cleared', () =>
      cart.clear(auth.userId, request.basicPage.lang),
    )
  })

  basic.post('/cart/coupon', { schema: { body: CouponForm } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const { t, lang } = request.basicPage
    const code = (request.body as Static<typeof CouponForm>).coupon_code
    try {
      await cart.applyCoupon(auth.userId, code, lang)
      return redirect(reply, withFlash(BASIC_PATHS.cart, { notice: 'cart.toast.couponApplied' }))
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error
      // Shown beside the field, the code kept: the customer corrects it and tries again.
      const current = await cart.get(auth.userId, lang)
      return render(
        request,
        reply,
        <CartPage cart={current} coupon={{ code, error: t(`apiErrors.${error.code}`) }} />,
        error.statusCode,
      )
    }
  })

  basic.post('/cart/coupon/remove', async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    return change(reply, BASIC_PATHS.cart, 'cart.toast.couponRemoved', () =>
      cart.removeCoupon(auth.userId, request.basicPage.lang),
    )
  })
}
