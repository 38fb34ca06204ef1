// Shared set-up of the payment tests: a fresh local chain with a funded payer, an app watching it
// with the demo shop loaded, and the ledger's invariant.
import {
  type LocalChainRpc,
  mintPlayUsdc,
  QUICK_TIMING,
  sendSolTransfer,
  sendTokenTransfer,
  startLocalChainRpc,
} from '@shop/local-chain'
import * as kit from '@solana/kit'
import { sql } from 'drizzle-orm'
import { queryRows } from '../../src/db/client.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import { DemoWallet } from '../../src/modules/payments/demo-wallet.js'
import { createTestApp, TEST_DELIVERY_KEY, type TestApp, type TestAppOptions } from './app.js'

export interface TestChain {
  chain: LocalChainRpc
  /** A fresh address for the shop to watch (the shop never holds its key). */
  merchant: string
  /** A wallet funded by an airdrop, to pay from. */
  payer: kit.KeyPairSigner
  /** Sends `amount` lamports from the payer to `to`, with a Solana Pay reference if given. */
  pay(to: string, amount: bigint, reference?: string): Promise<string>
  /**
   * Sends `amount` micro-USDC of the chain's play mint from the payer to `to`'s token account
   * (which must exist), minting play USDC to the payer first when it runs short.
   */
  payUsdc(to: string, amount: bigint, reference?: string): Promise<string>
  close(): Promise<void>
}

/** A fresh local chain (quick slots) with a merchant address and a funded payer. */
export async function startTestChain(): Promise<TestChain> {
  const chain = await startLocalChainRpc({ port: 0, chainOptions: { timing: QUICK_TIMING } })
  const merchant = (await kit.generateKeyPairSigner()).address
  const payer = await kit.generateKeyPairSigner()
  await kit
    .createSolanaRpc(kit.devnet(chain.url))
    .requestAirdrop(payer.address, kit.lamports(1_000_000_000_000_000n))
    .send()
  /** Play USDC the payer holds, as far as this testbed knows (it alone spends it). */
  let usdcHeld = 0n
  return {
    chain,
    merchant,
    payer,
    async payUsdc(to, amount, reference) {
      if (usdcHeld < amount) {
        const minted = amount + 1_000_000_000_000n
        await mintPlayUsdc(chain, payer.address, minted)
        usdcHeld += minted
      }
      usdcHeld -= amount
      return sendTokenTransfer({
        rpcUrl: chain.url,
        payer,
        mint: chain.chain.usdc.mint,
        to: kit.address(to),
        amount,
        ...(reference ? { reference: kit.address(reference) } : {}),
        pollIntervalMs: 100,
      })
    },
    pay: (to, amount, reference) =>
      sendSolTransfer({
        rpcUrl: chain.url,
        payer,
        to: kit.address(to),
        lamports: amount,
        ...(reference ? { reference: kit.address(reference) } : {}),
        pollIntervalMs: 100,
      }),
    close: () => chain.close(),
  }
}

export interface PaymentTestbed extends TestChain {
  t: TestApp
}

/**
 * `options` are the app's, as for createTestApp; the chain is the testbed's own, and with
 * `demoWallet` the app has the demo wallet's route, paying from a wallet on that chain. With
 * `usdcMint` the shop counts that mint as USDC (the app's fixed rate: 0.92 EUR per USDC); with
 * `playUsdc`, the chain's own play mint.
 */
export async function createPaymentTestbed(
  options: Omit<TestAppOptions, 'chain'> & {
    demoWallet?: boolean
    usdcMint?: string
    /** Count the chain's own play USDC mint as USDC, the merchant holding its token account. */
    playUsdc?: boolean
  } = {},
): Promise<PaymentTestbed> {
  const testChain = await startTestChain()
  const { demoWallet, playUsdc, usdcMint: givenMint, ...appOptions } = options
  const usdcMint = playUsdc ? testChain.chain.chain.usdc.mint : givenMint
  if (playUsdc) await testChain.chain.chain.usdc.ensureTokenAccount(testChain.merchant)
  const t = await createTestApp({
    ...appOptions,
    chain: {
      rpcUrl: testChain.chain.url,
      merchantAddress: testChain.merchant,
      ...(usdcMint ? { usdcMint } : {}),
    },
    ...(demoWallet
      ? {
          deps: {
            ...appOptions.deps,
            demoWallet: await DemoWallet.create(testChain.chain.url, testChain.chain),
          },
        }
      : {}),
  })
  await seedDemo(t.database.db, TEST_DELIVERY_KEY)
  return {
    ...testChain,
    t,
    async close() {
      await t.close()
      await testChain.close()
    },
  }
}

/** The invariant of the ledger: its lines sum to the balance. */
export async function ledgerEqualsBalance(t: TestApp, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ ledger: string; balance: string }>(
    t.database.db,
    sql`select coalesce((select sum(amount_cents) from balance_ledger where user_id = ${userId}), 0) as ledger,
               (select balance_cents from users where id = ${userId}) as balance`,
  )
  return Number(row?.ledger) === Number(row?.balance)
}

// Odd lamports (150 EUR/SOL in the test config): no payment ever holds such an amount.
let oddAmount = 123_456_789n

/** A transfer from the testbed's payer that matches no payment, read by the watcher. */
export async function unmatchedTransfer(
  bed: PaymentTestbed,
): Promise<{ signature: string; lamports: bigint }> {
  oddAmount += 1_000n
  const lamports = oddAmount
  const signature = await bed.pay(bed.merchant, lamports)
  await bed.t.services.watcher?.poll()
  return { signature, lamports }
}

/**
 * Records the test config's fixed rate (150 EUR/SOL) as known since a minute ago: a block time is
 * whole seconds, and a transfer in the second the app started would have landed before the rate
 * it recorded then.
 */
export async function recordRateAMinuteAgo(t: TestApp): Promise<void> {
  await t.services.rateHistory.record(15_000n, 'fixed', new Date(Date.now() - 60_000))
}
