// The customers of the crash suite: each takes random steps (add to the cart, check out from the
// balance, with SOL or with USDC, top up in either, pay on chain exactly, without the reference,
// in part or too much, paste a signature, cancel) against whichever server process is alive, and waits for the next
// one while none is. Code buyers pay for a code product just before the server is killed.
import type { Customer } from '../kit/index.js'
import type { CrashShop } from './crash-shop.js'

/** mulberry32: the kill moments and the customers' choices follow one seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296
  }
}

type Currency = 'SOL' | 'USDC'

interface Pending {
  code: string
  currency: Currency
  /** What the payment asks, in base units of its currency (lamports or micro-USDC). */
  amount: bigint
  reference: string
}

export class CrashCustomers {
  /** Every transfer sent to the merchant. */
  readonly sentSignatures: string[] = []
  /** How often each outcome ("add 200", "pay exact", …) happened. */
  readonly outcomes: Record<string, number> = {}
  /** Server errors (5xx) the customers met: there must be none. */
  readonly errors: string[] = []
  readonly #pending = new Map<number, Pending>()
  #driving: Promise<void> | null = null
  #stopped = false
  /** Resolves on stop(), so that a customer waiting for the next life does not wait forever. */
  #stopping: Promise<void>
  #markStopping = () => {}
  #steps = 0
  #stepWaiters: { at: number; resolve: () => void }[] = []

  constructor(
    private readonly shop: CrashShop,
    private readonly customers: readonly Customer[],
    private readonly productIds: readonly number[],
    private readonly random: () => number,
  ) {
    this.#stopping = new Promise((resolve) => {
      this.#markStopping = resolve
    })
  }

  #random(): number {
    return this.random()
  }

  #pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T
  }

  /** Runs every customer until stop(); a dead server is waited out until the next life. */
  drive(): void {
    this.#driving = Promise.all(
      this.customers.map(async (user) => {
        while (!this.#stopped) {
          try {
            const outcome = await this.#step(user)
            this.outcomes[outcome] = (this.outcomes[outcome] ?? 0) + 1
          } catch (error) {
            const text = String(error)
            if (text.includes('5xx')) this.errors.push(text)
            await Promise.race([this.shop.whenUp(), this.#stopping])
          }
          this.#steps++
          for (const waiter of this.#stepWaiters.filter((w) => w.at <= this.#steps))
            waiter.resolve()
          this.#stepWaiters = this.#stepWaiters.filter((w) => w.at > this.#steps)
        }
      }),
    ).then(() => undefined)
  }

  /** Resolves once the customers have taken `count` more steps. */
  steps(count: number): Promise<void> {
    return new Promise((resolve) => this.#stepWaiters.push({ at: this.#steps + count, resolve }))
  }

  /** Stops the customers after the steps they are taking. */
  async stop(): Promise<void> {
    this.#stopped = true
    this.#markStopping()
    await this.#driving
  }

  /**
   * A customer who starts a SOL payment (or a top-up) and walks away, never to act again: only the
   * sweeper can close that payment. Resolves with the answer's status.
   */
  async walkAway(user: Customer, kind: 'crypto' | 'topup'): Promise<number> {
    if (kind === 'topup') {
      return (await this.#api(user, 'POST', '/api/balance/topup', { minimum_amount: 6 })).status
    }
    await this.#api(user, 'POST', '/api/cart/add', { product_id: this.#pick(this.productIds) })
    return (await this.#api(user, 'POST', '/api/payment/create', { payment_method: 'crypto' }))
      .status
  }

  /**
   * A customer who buys one unit of a code product with SOL and pays it exactly, with the
   * reference: resolves once the transfer is on chain, before the server has confirmed it (the
   * suite kills the server around that moment).
   */
  async payForCode(
    user: Customer,
    productId: number,
  ): Promise<{ paymentCode: string; signature: string }> {
    await this.#api(user, 'POST', '/api/cart/add', { product_id: productId })
    const res = await this.#api(user, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    if (res.status !== 200) throw new Error(`code checkout refused: ${JSON.stringify(res.json)}`)
    const signature = await this.#pay(
      'SOL',
      BigInt(String(res.json.lamports)),
      String(res.json.reference),
    )
    return { paymentCode: String(res.json.payment_code), signature }
  }

  /**
   * Pastes a transfer's signature, which confirms the payment in the request itself: resolves
   * with the answer's status, or null when the server died first (a 5xx is still an error).
   */
  async submitSignature(user: Customer, paymentCode: string, signature: string) {
    try {
      const url = `/api/payment/${paymentCode}/submit-signature`
      return (await this.#api(user, 'POST', url, { signature })).status
    } catch (error) {
      if (String(error).includes('5xx')) this.errors.push(String(error))
      return null
    }
  }

  async #api(user: Customer, method: string, url: string, body?: unknown) {
    // A shop under pressure answers 503 with Retry-After (a restart's catch-up on a loaded
    // machine): a customer waits and tries again, as the app does. Anything else 5xx is a fault.
    for (let attempt = 1; ; attempt++) {
      const answer = await this.#once(user, method, url, body)
      if (answer.status !== 503 || attempt === 5) return this.#checked(method, url, answer)
      await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt))
    }
  }

  #checked(method: string, url: string, answer: { status: number; json: Record<string, unknown> }) {
    if (answer.status >= 500) {
      throw new Error(`5xx from ${method} ${url}: ${JSON.stringify(answer.json)}`)
    }
    return answer
  }

  async #once(user: Customer, method: string, url: string, body?: unknown) {
    const res = await fetch(`http://127.0.0.1:${this.shop.port()}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${user.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    })
    const json = (await res.json()) as Record<string, unknown>
    return { status: res.status, json }
  }

  async #pay(currency: Currency, amount: bigint, reference?: string): Promise<string> {
    const { chain } = this.shop
    const signature =
      currency === 'USDC'
        ? await chain.payUsdc(chain.merchant, amount, reference)
        : await chain.pay(chain.merchant, amount, reference)
    this.sentSignatures.push(signature)
    return signature
  }

  /** One customer's next step, chosen at random; server errors surface, refusals are fine. */
  async #step(user: Customer): Promise<string> {
    const pending = this.#pending.get(user.id)
    const action = pending
      ? this.#pick([
          'pay',
          'pay',
          'pay',
          'signature',
          'cancel',
          'crypto',
          'topup',
          'balance',
          'add',
        ] as const)
      : this.#pick(['add', 'balance', 'balance', 'crypto', 'crypto', 'topup'] as const)
    switch (action) {
      case 'add':
        return `add ${(await this.#api(user, 'POST', '/api/cart/add', { product_id: this.#pick(this.productIds) })).status}`
      case 'balance':
        await this.#api(user, 'POST', '/api/cart/add', { product_id: this.#pick(this.productIds) })
        return `balance ${(await this.#api(user, 'POST', '/api/payment/create', { payment_method: 'balance' })).status}`
      case 'crypto':
      case 'topup': {
        if (action === 'crypto') {
          await this.#api(user, 'POST', '/api/cart/add', {
            product_id: this.#pick(this.productIds),
          })
        }
        const currency = this.#pick(['SOL', 'USDC'] as const)
        const inCurrency = currency === 'USDC' ? { currency } : {}
        const res =
          action === 'crypto'
            ? await this.#api(user, 'POST', '/api/payment/create', {
                payment_method: 'crypto',
                ...inCurrency,
              })
            : await this.#api(user, 'POST', '/api/balance/topup', {
                minimum_amount: 5 + Math.floor(this.#random() * 20),
                ...inCurrency,
              })
        if (res.status === 200 && res.json.status === 'pending') {
          this.#pending.set(user.id, {
            code: String(res.json.payment_code),
            currency,
            amount: BigInt(String(res.json.token_amount)),
            reference: String(res.json.reference),
          })
        }
        return `${action} ${currency} ${res.status}`
      }
      case 'pay': {
        if (!pending) return 'pay none'
        // Exactly, without the reference (matched by amount), in part, or too much.
        const how = this.#pick(['exact', 'exact', 'no-reference', 'partial', 'over'] as const)
        const amount =
          how === 'partial'
            ? pending.amount / 2n
            : how === 'over'
              ? pending.amount + 300_000n
              : pending.amount
        await this.#pay(
          pending.currency,
          amount,
          how === 'no-reference' ? undefined : pending.reference,
        )
        if (how !== 'partial') this.#pending.delete(user.id)
        return `pay ${how}`
      }
      case 'signature': {
        if (!pending) return 'signature none'
        const signature = await this.#pay(pending.currency, pending.amount, pending.reference)
        this.#pending.delete(user.id)
        const res = await this.#api(user, 'POST', `/api/payment/${pending.code}/submit-signature`, {
          signature,
        })
        return `signature ${res.status}`
      }
      case 'cancel': {
        if (!pending) return 'cancel none'
        this.#pending.delete(user.id)
        return `cancel ${(await this.#api(user, 'DELETE', `/api/payment/cancel/${pending.code}`)).status}`
      }
    }
  }
}
