// Reading USDC from a getTransaction answer (json encoding) as a cluster's node gives it: token
// transfers to the merchant's token accounts, counted from the token balances as integers.
import { generateKeyPairSigner, getBase58Decoder } from '@solana/kit'
import {
  getTransferCheckedInstructionDataEncoder,
  getTransferInstructionDataEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { beforeAll, describe, expect, it } from 'vitest'
import type { TokenBalanceJson } from './token-transfers.js'
import { type TransactionJson, transfersToMerchant } from './transfers-in-transaction.js'

const base58 = getBase58Decoder()
const checked = (amount: bigint) =>
  base58.decode(getTransferCheckedInstructionDataEncoder().encode({ amount, decimals: 6 }))
const plain = (amount: bigint) =>
  base58.decode(getTransferInstructionDataEncoder().encode({ amount }))

let merchant: string
let payer: string
let usdcMint: string
let lookAlike: string
let reference: string
let merchantAta: string
let payerAta: string
let otherAta: string

async function fresh(): Promise<string> {
  return (await generateKeyPairSigner()).address
}

beforeAll(async () => {
  merchant = await fresh()
  payer = await fresh()
  usdcMint = await fresh()
  lookAlike = await fresh()
  reference = await fresh()
  merchantAta = await fresh()
  payerAta = await fresh()
  otherAta = await fresh()
})

function balance(
  accountIndex: number,
  mint: string,
  owner: string,
  amount: string,
): TokenBalanceJson {
  return {
    accountIndex,
    mint,
    owner,
    programId: TOKEN_PROGRAM_ADDRESS,
    uiTokenAmount: { amount, decimals: 6 },
  }
}

/**
 * keys: 0 payer (fee payer, authority), 1 payer's token account, 2 merchant's token account,
 * 3 mint, 4 token program, 5 reference.
 */
function usdcTransfer(options: {
  amount: bigint
  mint?: string
  merchantBefore?: string | null
  merchantAfter: string
  withReference?: boolean
  instruction?: 'checked' | 'plain'
}): TransactionJson {
  const mint = options.mint ?? usdcMint
  const keys = [payer, payerAta, merchantAta, mint, TOKEN_PROGRAM_ADDRESS, reference]
  const instruction =
    options.instruction === 'plain'
      ? {
          programIdIndex: 4,
          accounts: [1, 2, 0, ...(options.withReference ? [5] : [])],
          data: plain(options.amount),
        }
      : {
          programIdIndex: 4,
          accounts: [1, 3, 2, 0, ...(options.withReference ? [5] : [])],
          data: checked(options.amount),
        }
  const pre = [balance(1, mint, payer, '900000000')]
  if (options.merchantBefore !== null) {
    pre.push(balance(2, mint, merchant, options.merchantBefore ?? '0'))
  }
  return {
    slot: 10n,
    blockTime: 1_700_000_000,
    transaction: { message: { accountKeys: keys, instructions: [instruction] } },
    meta: {
      err: null,
      preBalances: keys.map(() => 1_000_000),
      postBalances: keys.map(() => 1_000_000),
      innerInstructions: [],
      preTokenBalances: pre,
      postTokenBalances: [
        balance(1, mint, payer, String(900_000_000n - options.amount)),
        balance(2, mint, merchant, options.merchantAfter),
      ],
    },
  }
}

describe('USDC in a transaction', () => {
  it('is a USDC transfer of the configured mint, its amount from the token balances, with its reference', () => {
    const read = transfersToMerchant(
      'sig',
      usdcTransfer({
        amount: 54_350_000n,
        merchantBefore: '1000000',
        merchantAfter: '55350000',
        withReference: true,
      }),
      merchant,
      usdcMint,
    )
    expect(read.transfers).toEqual([
      {
        index: 0,
        lamports: 54_350_000n,
        currency: 'USDC',
        mint: usdcMint,
        sender: payer,
        references: [reference],
        ownReferences: [reference],
      },
    ])
  })

  it('counts a token account created in the same transaction (no balance before) and plain Transfer', () => {
    const read = transfersToMerchant(
      'sig',
      usdcTransfer({
        amount: 10_000n,
        merchantBefore: null,
        merchantAfter: '10000',
        instruction: 'plain',
      }),
      merchant,
      usdcMint,
    )
    expect(read.transfers.map((t) => [t.lamports, t.currency, t.ownReferences])).toEqual([
      [10_000n, 'USDC', []],
    ])
  })

  it('reads amounts beyond 2^53 exactly (BigInt of the amount string, never a float)', () => {
    const huge = 9_007_199_254_740_993n
    const read = transfersToMerchant(
      'sig',
      usdcTransfer({ amount: huge, merchantBefore: '0', merchantAfter: huge.toString() }),
      merchant,
      usdcMint,
    )
    expect(read.transfers[0]?.lamports).toBe(huge)
  })

  it('calls a look-alike mint (same decimals) an unknown token', () => {
    const read = transfersToMerchant(
      'sig',
      usdcTransfer({
        amount: 54_350_000n,
        mint: lookAlike,
        merchantAfter: '54350000',
        withReference: true,
      }),
      merchant,
      usdcMint,
    )
    expect(read.transfers).toHaveLength(1)
    expect(read.transfers[0]).toMatchObject({
      currency: null,
      mint: lookAlike,
      lamports: 54_350_000n,
    })
  })

  it('ignores token moves between other owners, and a failed transaction pays nothing', () => {
    const tx = usdcTransfer({ amount: 5n, merchantAfter: '5' })
    const notOurs = {
      ...tx,
      meta: tx.meta && {
        ...tx.meta,
        preTokenBalances: [balance(1, usdcMint, payer, '10'), balance(2, usdcMint, otherAta, '0')],
        postTokenBalances: [balance(1, usdcMint, payer, '5'), balance(2, usdcMint, otherAta, '5')],
      },
    }
    expect(transfersToMerchant('sig', notOurs, merchant, usdcMint).transfers).toEqual([])
    const failed = { ...tx, meta: tx.meta && { ...tx.meta, err: { InstructionError: [0, 'x'] } } }
    expect(transfersToMerchant('sig', failed, merchant, usdcMint).transfers).toEqual([])
  })

  it('attributes a batch per instruction and keeps what the balances show beyond them', () => {
    // An exchange pays two customers in one transaction, and something else adds 7 micro-USDC.
    const keys = [
      payer,
      payerAta,
      merchantAta,
      usdcMint,
      TOKEN_PROGRAM_ADDRESS,
      reference,
      otherAta,
    ]
    const tx: TransactionJson = {
      slot: 11n,
      blockTime: 1_700_000_001,
      transaction: {
        message: {
          accountKeys: keys,
          instructions: [
            { programIdIndex: 4, accounts: [1, 3, 2, 0, 5], data: checked(1_000_000n) },
            { programIdIndex: 4, accounts: [1, 3, 2, 0, 6], data: checked(2_000_000n) },
          ],
        },
      },
      meta: {
        err: null,
        preBalances: keys.map(() => 1),
        postBalances: keys.map(() => 1),
        preTokenBalances: [
          balance(1, usdcMint, payer, '9000000'),
          balance(2, usdcMint, merchant, '0'),
        ],
        postTokenBalances: [
          balance(1, usdcMint, payer, '6000000'),
          balance(2, usdcMint, merchant, '3000007'),
        ],
      },
    }
    const read = transfersToMerchant('sig', tx, merchant, usdcMint)
    expect(read.transfers.map((t) => [t.index, t.lamports, t.currency, t.ownReferences])).toEqual([
      [0, 1_000_000n, 'USDC', [reference]],
      [1, 2_000_000n, 'USDC', [otherAta]],
      [-2, 7n, 'USDC', []],
    ])
  })

  it('without a configured mint every token is an unknown one', () => {
    const read = transfersToMerchant(
      'sig',
      usdcTransfer({ amount: 10_000n, merchantAfter: '10000' }),
      merchant,
      null,
    )
    expect(read.transfers[0]?.currency).toBeNull()
  })
})
