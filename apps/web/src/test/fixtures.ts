import type { Cart, CartItem, Payment, Product, TopupResponse } from '@shop/contract'

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: 'Gift card 25 EUR',
    description: 'A demo gift card of 25 EUR: its code is delivered at once.',
    price: 25,
    city_id: 1,
    city_name: 'Vilnius',
    district_id: 1,
    district_name: 'Senamiestis',
    quantity: 5,
    is_available: true,
    image_url: null,
    ...overrides,
  }
}

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    product_id: 1,
    product_name: 'Gift card 25 EUR',
    product_price: 25,
    quantity: 1,
    total_price: 25,
    ...overrides,
  }
}

export function cart(items: CartItem[] = [cartItem()], overrides: Partial<Cart> = {}): Cart {
  const subtotal = items.reduce((sum, item) => sum + item.total_price, 0)
  return {
    items,
    items_count: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal,
    discount: 0,
    total: subtotal,
    applied_promo: null,
    ...overrides,
  }
}

export const emptyCart: Cart = cart([])

/** A SOL amount's base units, as the server derives them (the fixtures are given SOL). */
const lamportsOf = (sol: number | null | undefined) => String(Math.round((sol ?? 0) * 1e9))

export function payment(overrides: Partial<Payment> = {}): Payment {
  const sol = overrides.sol_amount === undefined ? 0.1667 : overrides.sol_amount
  return {
    payment_code: 'P-TEST1234',
    kind: 'checkout',
    method: 'crypto',
    status: 'pending',
    expiration_time: new Date(Date.now() + 15 * 60_000).toISOString(),
    wallet_address: '6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL',
    sol_amount: sol,
    lamports: lamportsOf(sol),
    currency: 'SOL',
    token_mint: null,
    token_amount: lamportsOf(sol),
    final_amount_eur: 25,
    reference: 'HFGhZmQnHHxi4eTiMizVJKxjeGTJCNBTWdQr4z9SVhrK',
    solana_pay_url:
      'solana:6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL?amount=0.1667&reference=HFGhZmQnHHxi4eTiMizVJKxjeGTJCNBTWdQr4z9SVhrK',
    received_sol: 0,
    received_token_amount: lamportsOf(overrides.received_sol),
    created_at: new Date().toISOString(),
    confirmed_at: null,
    ...overrides,
  }
}

export function topup(overrides: Partial<TopupResponse> = {}): TopupResponse {
  const sol = overrides.minimum_sol_amount ?? 0.0334
  return {
    payment_code: 'P-TOPUP123',
    status: 'pending',
    wallet_address: '6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL',
    minimum_sol_amount: sol,
    amount_eur: 5,
    lamports: lamportsOf(sol),
    currency: 'SOL',
    token_mint: null,
    token_amount: lamportsOf(sol),
    expiration_time: new Date(Date.now() + 15 * 60_000).toISOString(),
    reference: '3EqaJM2qjNvP8F86P5nhGUyprmNZKAeo8gzDhSvimTNS',
    solana_pay_url: 'solana:6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL?amount=0.0334',
    ...overrides,
  }
}

export const PLAY_USDC_MINT = 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr'

export const publicConfig = (demoWallet = false, telegram = false, usdc = false) => ({
  telegram_login: {
    enabled: telegram,
    bot_username: telegram ? 'shop_bot' : null,
    bot_id: telegram ? 7000000001 : null,
  },
  demo_wallet: demoWallet,
  languages: ['en', 'lt'],
  usdc_mint: usdc ? PLAY_USDC_MINT : null,
  usdc_accepted: usdc,
})

/** A pending USDC payment of 54.35 USDC for 50 EUR (docs/usdc.md: no SOL fields). */
export function usdcPayment(overrides: Partial<Payment> = {}): Payment {
  return payment({
    sol_amount: null,
    lamports: null,
    currency: 'USDC',
    token_mint: PLAY_USDC_MINT,
    token_amount: '54350000',
    received_sol: null,
    received_token_amount: '0',
    final_amount_eur: 50,
    solana_pay_url: `solana:6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL?amount=54.35&spl-token=${PLAY_USDC_MINT}&reference=HFGhZmQnHHxi4eTiMizVJKxjeGTJCNBTWdQr4z9SVhrK`,
    ...overrides,
  })
}
