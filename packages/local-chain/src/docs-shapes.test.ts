// The response examples of the official Solana RPC documentation, used as fixtures: every field
// a documented response has, the local chain's response has too, with the same JSON type
// (numbers stay JSON numbers). Extra fields that newer nodes send are allowed.
// Sources: https://solana.com/docs/rpc/http/<method> (solana-foundation/solana-com and the
// earlier solana-foundation/developer-content pages).
import {
  appendTransactionMessageInstruction,
  compileTransactionMessage,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalChainRpc, startLocalChainRpc } from './server.js'
import { transferSolInstruction } from './system-program.js'
import { INSTANT_TIMING } from './test-support/rpc-client.js'
import { sendSolTransfer } from './transfer.js'

const DOCUMENTED = {
  getLatestBlockhash: {
    context: { slot: 2792 },
    value: {
      blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
      lastValidBlockHeight: 3090,
    },
  },
  getBalance: { context: { slot: 1 }, value: 0 },
  getAccountInfo: {
    context: { apiVersion: '2.0.15', slot: 341197053 },
    value: {
      data: ['', 'base58'],
      executable: false,
      lamports: 88849814690250,
      owner: '11111111111111111111111111111111',
      rentEpoch: 18446744073709551615n,
      space: 0,
    },
  },
  getSignaturesForAddress: [
    {
      signature:
        '5h6xBEauJ3PK6SWCZ1PGjBvj8vDdWG3KpwATGy1ARAXFSDwt8GFXM7W5Ncn16wmqokgpiKRLuS83KUxyZyv2sUYv',
      slot: 114,
      err: null,
      memo: null,
      blockTime: null,
      confirmationStatus: 'finalized',
    },
  ],
  getSignatureStatuses: {
    context: { slot: 82 },
    value: [
      {
        slot: 48,
        confirmations: null,
        err: null,
        status: { Ok: null },
        confirmationStatus: 'finalized',
      },
      null,
    ],
  },
  // The page prints blockTime next to "result" by mistake; it belongs to the result.
  getTransaction: {
    meta: {
      err: null,
      fee: 5000,
      innerInstructions: [],
      postBalances: [499998932500, 26858640, 1, 1, 1],
      postTokenBalances: [],
      preBalances: [499998937500, 26858640, 1, 1, 1],
      preTokenBalances: [],
      rewards: [],
      status: { Ok: null },
    },
    slot: 430,
    transaction: {
      message: {
        accountKeys: [
          '3UVYmECPPMZSCqWKfENfuoTv51fTDTWicX9xmBD2euKe',
          'AjozzgE83A3x1sHNUR64hfH7zaEBWeMaFuAN9kQgujrc',
          'SysvarS1otHashes111111111111111111111111111',
          'SysvarC1ock11111111111111111111111111111111',
          'Vote111111111111111111111111111111111111111',
        ],
        header: {
          numReadonlySignedAccounts: 0,
          numReadonlyUnsignedAccounts: 3,
          numRequiredSignatures: 1,
        },
        instructions: [
          {
            accounts: [1, 2, 3, 0],
            data: '37u9WtQpcm6ULa3WRQHmj49EPs4if7o9f1jSRVZpm2dvihR9C8jY4NqEwXUbLwx15HBSNcP1',
            programIdIndex: 4,
          },
        ],
        recentBlockhash: 'mfcyqEXB3DnHXki6KjjmZck6YjmZLvpAByy2fj4nh6B',
      },
      signatures: [
        '2nBhEBYYvfaAe16UMNqRHre4YNSskvuYgx3M6E4JP1oDYvZEJHvoPzyUidNgNX5r9sTyN1J9UxtbCXy2rqYcuyuv',
      ],
    },
    blockTime: null,
  },
  simulateTransaction: {
    context: { slot: 218 },
    value: {
      err: null,
      accounts: null,
      logs: [
        'Program 83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri invoke [1]',
        'Program 83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri consumed 2366 of 1400000 compute units',
        'Program return: 83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri KgAAAAAAAAA=',
        'Program 83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri success',
      ],
      returnData: {
        data: ['Kg==', 'base64'],
        programId: '83astBRguLMdt2h5U1Tpdq5tjFoJ6noeGwaY3mDLVcri',
      },
      unitsConsumed: 2366,
    },
  },
  sendTransaction:
    '2id3YC2jK9G5Wo2phDx4gJVAew8DcY5NAojnVuao8rkxwPYPe8cSwE5GzhEgJA2y8fVjDEo6iR6ykBvDxrTQrtpb',
  requestAirdrop:
    '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
  getVersion: { 'feature-set': 2891131721, 'solana-core': '1.16.7' },
  getEpochInfo: {
    absoluteSlot: 166598,
    blockHeight: 166500,
    epoch: 27,
    slotIndex: 2790,
    slotsInEpoch: 8192,
    transactionCount: 22661093,
  },
  getFeeForMessage: { context: { slot: 5068 }, value: 5000 },
  isBlockhashValid: { context: { slot: 2483 }, value: false },
  getHealth: 'ok',
  getSlot: 1234,
  getBlockHeight: 1233,
  getMinimumBalanceForRentExemption: 500,
} as const

/**
 * Fails unless `actual` has every field of `documented` with the same JSON type. A documented
 * null stands for "value or null"; `nullable` lists paths documented as "object | null" whose
 * example shows the object.
 */
function expectDocumentedShape(
  actual: unknown,
  documented: unknown,
  nullable: readonly string[] = [],
  at = '$',
): void {
  if (documented === null) return
  if (actual === null && nullable.includes(at)) return
  if (Array.isArray(documented)) {
    expect(Array.isArray(actual), `${at} is an array`).toBe(true)
    const list = actual as unknown[]
    if (documented.length > 0 && list.length > 0) {
      expectDocumentedShape(list[0], documented[0], nullable, `${at}[0]`)
    }
    return
  }
  if (typeof documented === 'object') {
    expect(actual !== null && typeof actual === 'object', `${at} is an object`).toBe(true)
    for (const [key, value] of Object.entries(documented)) {
      expect(actual as object, `${at} has ${key}`).toHaveProperty([key])
      expectDocumentedShape(
        (actual as Record<string, unknown>)[key],
        value,
        nullable,
        `${at}.${key}`,
      )
    }
    return
  }
  const type = typeof documented === 'bigint' ? 'number' : typeof documented
  expect(typeof actual, `${at} is a ${type}`).toBe(type)
}

let server: LocalChainRpc

beforeAll(async () => {
  server = await startLocalChainRpc({ port: 0, chainOptions: { timing: INSTANT_TIMING } })
})

afterAll(async () => {
  await server.close()
})

async function call(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  // Large u64 values (rentEpoch) are compared by type only, so plain JSON.parse is enough.
  const body = (await response.json()) as { result?: unknown; error?: unknown }
  expect(body.error, `${method} error`).toBeUndefined()
  return body.result
}

describe('responses have the documented shapes', () => {
  it('the shape check itself notices a missing field or a wrong type', () => {
    expect(() => expectDocumentedShape({ a: '1' }, { a: 1 })).toThrow()
    expect(() => expectDocumentedShape({}, { a: null })).toThrow()
    expect(() => expectDocumentedShape([{ b: 1 }], [{ b: 'x' }])).toThrow()
    expect(() => expectDocumentedShape({ a: 1, extra: true }, { a: 2 })).not.toThrow()
  })

  it('for every supported documented method', async () => {
    const payer = await generateKeyPairSigner()
    const merchant = (await generateKeyPairSigner()).address
    const airdrop = await call('requestAirdrop', [payer.address, 5_000_000_000])
    expectDocumentedShape(airdrop, DOCUMENTED.requestAirdrop)
    const signature = await sendSolTransfer({
      rpcUrl: server.url,
      payer,
      to: merchant,
      lamports: 1_000_000_000n,
    })

    const checks: [keyof typeof DOCUMENTED, unknown[], string[]?][] = [
      ['getLatestBlockhash', []],
      ['getBalance', [merchant]],
      ['getAccountInfo', [merchant, { encoding: 'base58' }]],
      ['getSignaturesForAddress', [merchant, { limit: 1 }]],
      ['getSignatureStatuses', [[signature, airdrop], { searchTransactionHistory: true }]],
      ['getTransaction', [signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }]],
      ['getVersion', []],
      ['getEpochInfo', []],
      ['isBlockhashValid', ['J7rBdM6AecPDEZp8aPq5iPSNKVkU5Q76F3oAV4eW5wsW']],
      ['getHealth', []],
      ['getSlot', []],
      ['getBlockHeight', []],
      ['getMinimumBalanceForRentExemption', [50]],
    ]
    for (const [method, params, nullable] of checks) {
      expectDocumentedShape(await call(method, params), DOCUMENTED[method], nullable)
    }

    const latest = (await createSolanaRpc(server.url).getLatestBlockhash().send()).value
    const message = getCompiledTransactionMessageEncoder().encode(
      compileTransactionMessage(
        pipe(
          createTransactionMessage({ version: 'legacy' }),
          (m) => setTransactionMessageFeePayer(payer.address, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        ),
      ),
    )
    expectDocumentedShape(
      await call('getFeeForMessage', [Buffer.from(message).toString('base64')]),
      DOCUMENTED.getFeeForMessage,
    )

    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) =>
          appendTransactionMessageInstruction(
            transferSolInstruction({ source: payer, destination: merchant, lamports: 2n }),
            m,
          ),
      ),
    )
    const wire = getBase64EncodedWireTransaction(signed)
    expectDocumentedShape(
      await call('simulateTransaction', [wire, { encoding: 'base64' }]),
      DOCUMENTED.simulateTransaction,
      ['$.value.returnData'],
    )
    expectDocumentedShape(
      await call('sendTransaction', [wire, { encoding: 'base64' }]),
      DOCUMENTED.sendTransaction,
    )
  })
})
