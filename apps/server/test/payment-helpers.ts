// Shared set-up of the payment tests: an app watching a fresh local LiteSVM chain, with the demo
// shop loaded and a funded payer wallet, plus balance and ledger helpers.
import {
  type LocalChainRpc,
  QUICK_TIMING,
  sendSolTransfer,
  startLocalChainRpc,
} from '@shop/local-chain'
import {
  address,
  createSolanaRpc,
  devnet,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports,
} from '@solana/kit'
import { sql } from 'drizzle-orm'
import { queryRows } from '../src/db/client.js'
import { seedDemo } from '../src/db/seed/seed-demo.js'
import { createTestApp, type TestApp, type TestAppOptions } from './helpers.js'

export interface PaymentTestbed {
  t: TestApp
  chain: LocalChainRpc
  merchant: string
  payer: KeyPairSigner
  /** Sends `amount` lamports from the payer to `to`, with a Solana Pay reference if given. */
  pay(to: string, amount: bigint, reference?: string): Promise<string>
  close(): Promise<void>
}

/** `options` are the app's, as for createTestApp; the chain is the testbed's own. */
export async function createPaymentTestbed(
  options: Omit<TestAppOptions, 'chain'> = {},
): Promise<PaymentTestbed> {
  const chain = await startLocalChainRpc({ port: 0, chainOptions: { timing: QUICK_TIMING } })
  const merchant = (await generateKeyPairSigner()).address
  const t = await createTestApp({
    ...options,
    chain: { rpcUrl: chain.url, merchantAddress: merchant },
  })
  await seedDemo(t.database.db)
  const payer = await generateKeyPairSigner()
  await createSolanaRpc(devnet(chain.url))
    .requestAirdrop(payer.address, lamports(1_000_000_000_000_000n))
    .send()
  return {
    t,
    chain,
    merchant,
    payer,
    pay: (to, amount, reference) =>
      sendSolTransfer({
        rpcUrl: chain.url,
        payer,
        to: address(to),
        lamports: amount,
        ...(reference ? { reference: address(reference) } : {}),
      }),
    async close() {
      await t.close()
      await chain.close()
    },
  }
}

/** Credits a balance directly (as a shop owner's adjustment would), with its ledger line. */
export async function giveBalance(t: TestApp, userId: number, cents: number): Promise<void> {
  await t.database.db.transaction((tx) =>
    t.services.balance.credit(tx, {
      userId,
      amountCents: cents,
      kind: 'adjustment',
      description: 'test money',
    }),
  )
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
