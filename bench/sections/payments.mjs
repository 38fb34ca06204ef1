// Payment detection: a customer pays a SOL checkout on the shop's local chain; the figure is the
// time from the transfer being confirmed (sendSolTransfer resolves at `confirmed`) to
// GET /api/payment/status answering `confirmed`, found by the shop's real background watcher.
import { fmt, median, percentile } from '../lib/report.mjs'
import { api, signUp, sleep } from '../lib/shop.mjs'

const MEDIAN_BUDGET_MS = 2000
const STATUS_POLL_MS = 10

export async function paymentDetection(shop, report, { payments = 50, streams = 5 } = {}) {
  const kit = await import('@solana/kit')
  const { sendSolTransfer } = await import('@shop/local-chain')
  const payer = await kit.generateKeyPairSigner()
  await kit
    .createSolanaRpc(shop.chainUrl)
    .requestAirdrop(payer.address, kit.lamports(1_000_000_000_000n))
    .send()

  // Products with enough stock for every stream's payments.
  const customers = await Promise.all(Array.from({ length: streams }, () => signUp(shop, 'payer')))
  const { json: page } = await api(shop, 'GET', '/api/products', { token: customers[0].token })
  const perStream = Math.ceil(payments / streams)
  const stocked = page.products.filter((p) => p.is_available && p.quantity >= perStream)
  if (stocked.length < streams) throw new Error('not enough stocked products for the payments')

  const times = []
  const stream = async (customer, product, count) => {
    for (let i = 0; i < count; i++) {
      await api(shop, 'POST', '/api/cart/add', {
        token: customer.token,
        body: { product_id: product.id },
      })
      const { json: payment } = await api(shop, 'POST', '/api/payment/create', {
        token: customer.token,
        body: { payment_method: 'crypto' },
      })
      await sendSolTransfer({
        rpcUrl: shop.chainUrl,
        payer,
        to: kit.address(payment.wallet_address),
        lamports: BigInt(payment.lamports),
        reference: kit.address(payment.reference),
        pollIntervalMs: 5,
      })
      const confirmedOnChain = performance.now()
      for (;;) {
        const { json } = await api(shop, 'GET', `/api/payment/status/${payment.payment_code}`, {
          token: customer.token,
        })
        if (json.status === 'confirmed') break
        if (json.status !== 'pending') throw new Error(`payment became ${json.status}`)
        if (performance.now() - confirmedOnChain > 30_000) throw new Error('never confirmed')
        await sleep(STATUS_POLL_MS)
      }
      times.push(performance.now() - confirmedOnChain)
    }
  }
  await Promise.all(
    customers.map((customer, i) =>
      stream(customer, stocked[i], Math.min(perStream, payments - i * perStream)),
    ),
  )
  const mid = median(times)
  report.add(
    'Payment detection',
    `chain confirmed -> status confirmed, median / p95 of ${times.length}`,
    `${fmt.s(mid)} / ${fmt.s(percentile(times, 95))}`,
    `median <= ${fmt.s(MEDIAN_BUDGET_MS)}`,
    mid <= MEDIAN_BUDGET_MS,
    `${streams} customers paying at once; status polled every ${STATUS_POLL_MS} ms; WATCH_INTERVAL_MS default (1000)`,
  )
}
