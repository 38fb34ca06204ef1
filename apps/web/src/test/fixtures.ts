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

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    payment_code: 'P-TEST1234',
    kind: 'checkout',
    method: 'crypto',
    status: 'pending',
    expiration_time: new Date(Date.now() + 15 * 60_000).toISOString(),
    wallet_address: '6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL',
    sol_amount: 0.1667,
    lamports: '166700000',
    currency: 'SOL',
    token_mint: null,
    token_amount: '166700000',
    final_amount_eur: 25,
    reference: 'HFGhZmQnHHxi4eTiMizVJKxjeGTJCNBTWdQr4z9SVhrK',
    solana_pay_url:
      'solana:6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL?amount=0.1667&reference=HFGhZmQnHHxi4eTiMizVJKxjeGTJCNBTWdQr4z9SVhrK',
    received_sol: 0,
    received_token_amount: '0',
    created_at: new Date().toISOString(),
    confirmed_at: null,
    ...overrides,
  }
}

export function topup(overrides: Partial<TopupResponse> = {}): TopupResponse {
  return {
    payment_code: 'P-TOPUP123',
    status: 'pending',
    wallet_address: '6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL',
    minimum_sol_amount: 0.0334,
    amount_eur: 5,
    lamports: '33400000',
    currency: 'SOL',
    token_mint: null,
    token_amount: '33400000',
    expiration_time: new Date(Date.now() + 15 * 60_000).toISOString(),
    reference: '3EqaJM2qjNvP8F86P5nhGUyprmNZKAeo8gzDhSvimTNS',
    solana_pay_url: 'solana:6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL?amount=0.0334',
    ...overrides,
  }
}

export const publicConfig = (demoWallet = false, telegram = false) => ({
  telegram_login: {
    enabled: telegram,
    bot_username: telegram ? 'shop_bot' : null,
    bot_id: telegram ? 7000000001 : null,
  },
  demo_wallet: demoWallet,
  languages: ['en', 'lt'],
})
