// LocalChain without HTTP: its slots and clock, the blockhash window, what gets recorded and what
// is dropped, the faucet, address lookup tables and memos.
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { BLOCKHASH_VALIDITY_BLOCKS, LocalChain } from './chain.js'
import { renderTransaction } from './encode.js'
import { JsonRpcError } from './errors.js'
import { transferSolInstruction } from './system-program.js'

const SOL = 1_000_000_000n
const MEMO = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
const LOOKUP_TABLE_PROGRAM = address('AddressLookupTab1e1111111111111111111111111')

async function fundedSigner(chain: LocalChain, amount = 10n * SOL): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner()
  await chain.airdrop(signer.address, amount)
  return signer
}

async function wireOf(
  chain: LocalChain,
  payer: KeyPairSigner,
  instructions: Instruction[],
  options: { hash?: string; lookupTables?: Record<Address, Address[]> } = {},
): Promise<Uint8Array> {
  const latest = chain.latestBlockhash()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: blockhash(options.hash ?? latest.blockhash),
          lastValidBlockHeight: BigInt(latest.lastValidBlockHeight),
        },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(
    options.lookupTables
      ? compressTransactionMessageUsingAddressLookupTables(message, options.lookupTables)
      : message,
  )
  return Uint8Array.from(getTransactionEncoder().encode(signed))
}

function transfer(payer: KeyPairSigner, to: Address, amount: bigint, references: Address[] = []) {
  return transferSolInstruction({ source: payer, destination: to, lamports: amount, references })
}

describe('slots and time', () => {
  it('lands transactions in the working slot, which a tick seals into a block', async () => {
    let nowMs = Date.UTC(2030, 0, 1)
    const chain = new LocalChain({ now: () => nowMs })
    // Slot 0 is the genesis block; transactions land in the slot after the newest block.
    expect(chain.slot).toBe(1)
    const payer = await fundedSigner(chain)
    expect(chain.slot).toBe(1)
    nowMs += 5000
    expect(chain.advanceSlots(1)).toBe(2)
    const merchant = (await generateKeyPairSigner()).address
    const first = await chain.sendTransaction(
      await wireOf(chain, payer, [transfer(payer, merchant, SOL)]),
    )
    const second = await chain.sendTransaction(
      await wireOf(chain, payer, [transfer(payer, merchant, SOL + 1n)]),
    )
    for (const signature of [first, second]) {
      expect(chain.getTransaction(signature)).toMatchObject({ slot: 2, blockTime: nowMs / 1000 })
    }
    expect(chain.block(2)).toBeNull() // still being built

    chain.advanceTime(3600)
    expect(chain.advanceSlots(10)).toBe(12)
    const third = await chain.sendTransaction(
      await wireOf(chain, payer, [transfer(payer, merchant, SOL)]),
    )
    expect(chain.getTransaction(third)).toMatchObject({ slot: 12, blockTime: nowMs / 1000 + 3600 })
    expect(chain.svm.getClock().slot).toBe(12n)
    expect(chain.transactionCount).toBe(4)
    const [one, two, three] = [1, 2, 3].map((slot) => chain.block(slot))
    expect(one?.entries).toHaveLength(1) // the airdrop
    expect(two).toMatchObject({
      slot: 2,
      parentSlot: 1,
      previousBlockhash: one?.blockhash,
      blockTime: nowMs / 1000,
    })
    expect(two?.entries.map((entry) => entry.signature)).toEqual([first, second])
    expect(three).toMatchObject({ parentSlot: 2, previousBlockhash: two?.blockhash, entries: [] })
    // The hash of a block is the blockhash transactions of the next slot use.
    expect(chain.latestBlockhash().blockhash).toBe(chain.block(11)?.blockhash)
  })

  it('accepts any blockhash of the last 150 blocks and drops older ones', async () => {
    const chain = new LocalChain()
    const payer = await fundedSigner(chain)
    const merchant = (await generateKeyPairSigner()).address
    const old = chain.latestBlockhash()
    expect(old.lastValidBlockHeight).toBe(chain.blockHeight + BLOCKHASH_VALIDITY_BLOCKS)
    await chain.sendTransaction(await wireOf(chain, payer, [transfer(payer, merchant, SOL)]))
    chain.advanceSlots(1)
    // Not the latest any more, but still inside the window.
    expect(chain.latestBlockhash().blockhash).not.toBe(old.blockhash)
    const stillValid = await chain.sendTransaction(
      await wireOf(chain, payer, [transfer(payer, merchant, SOL + 1n)], { hash: old.blockhash }),
    )
    expect(chain.getTransaction(stillValid)?.err).toBeNull()

    chain.advanceSlots(BLOCKHASH_VALIDITY_BLOCKS)
    expect(chain.isBlockhashValid(old.blockhash)).toBe(false)
    const expired = await wireOf(chain, payer, [transfer(payer, merchant, SOL + 2n)], {
      hash: old.blockhash,
    })
    const refused = await chain.sendTransaction(expired).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(JsonRpcError)
    expect(refused).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound', logs: [] },
    })
    // Without preflight the node takes it and it never lands, as on a real cluster.
    const slot = chain.slot
    const signature = await chain.sendTransaction(expired, { skipPreflight: true })
    expect(chain.getTransaction(signature)).toBeUndefined()
    expect(chain.slot).toBe(slot)
    expect(chain.getSignaturesForAddress(merchant)).toHaveLength(2)
  })
})

describe('what is recorded', () => {
  it('processes a transaction once: a resend is refused or ignored', async () => {
    const chain = new LocalChain()
    const payer = await fundedSigner(chain)
    const merchant = (await generateKeyPairSigner()).address
    const wire = await wireOf(chain, payer, [transfer(payer, merchant, SOL)])
    const signature = await chain.sendTransaction(wire)
    await expect(chain.sendTransaction(wire)).rejects.toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: This transaction has already been processed',
    })
    expect(await chain.sendTransaction(wire, { skipPreflight: true })).toBe(signature)
    expect(chain.getSignaturesForAddress(merchant)).toHaveLength(1)
    expect(chain.getBalance(merchant)).toBe(SOL)
  })

  it('drops a transaction whose fee payer cannot pay, and explains it at preflight', async () => {
    const chain = new LocalChain()
    const broke = await generateKeyPairSigner()
    const merchant = (await generateKeyPairSigner()).address
    const wire = await wireOf(chain, broke, [transfer(broke, merchant, SOL)])
    await expect(chain.sendTransaction(wire)).rejects.toMatchObject({
      code: -32002,
      message:
        'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
      data: { err: 'AccountNotFound' },
    })
    const signature = await chain.sendTransaction(wire, { skipPreflight: true })
    expect(chain.getTransaction(signature)).toBeUndefined()
    expect(chain.transactionCount).toBe(0)
  })

  it('records a payment to a new account below the rent-exempt minimum as failed', async () => {
    const chain = new LocalChain()
    const payer = await fundedSigner(chain)
    const merchant = (await generateKeyPairSigner()).address
    const signature = await chain.sendTransaction(
      await wireOf(chain, payer, [transfer(payer, merchant, 1000n)]),
      { skipPreflight: true },
    )
    expect(chain.getTransaction(signature)).toMatchObject({
      err: { InsufficientFundsForRent: { account_index: 1 } },
      fee: 5000n,
    })
  })

  it('records airdrops as real transfers from the faucet', async () => {
    const chain = new LocalChain()
    const to = (await generateKeyPairSigner()).address
    const signature = await chain.airdrop(to, 2n * SOL)
    const entry = chain.getTransaction(signature)
    expect(entry?.err).toBeNull()
    expect(entry?.accountKeys.slice(1)).toEqual([to, '11111111111111111111111111111111'])
    expect(entry?.postBalances[1]).toBe(2n * SOL)
    expect(chain.getSignaturesForAddress(to).map((e) => e.signature)).toEqual([signature])
    expect(chain.getBalance(to)).toBe(2n * SOL)
  })

  it('formats memos as the RPC does', async () => {
    const chain = new LocalChain()
    const payer = await fundedSigner(chain)
    const merchant = (await generateKeyPairSigner()).address
    const memo: Instruction = {
      programAddress: MEMO,
      accounts: [],
      data: new TextEncoder().encode('order 42'),
    }
    const signature = await chain.sendTransaction(
      await wireOf(chain, payer, [transfer(payer, merchant, SOL), memo]),
    )
    const [entry] = chain.getSignaturesForAddress(merchant)
    if (!entry) throw new Error('transfer not recorded')
    expect(entry.signature).toBe(signature)
    expect(entry.memo).toBe('[8] order 42')
    const rendered = renderTransaction(entry, {
      encoding: 'jsonParsed',
      maxSupportedTransactionVersion: 0,
    })
    expect(
      (rendered.transaction as { message: { instructions: unknown[] } }).message.instructions[1],
    ).toEqual({
      parsed: 'order 42',
      program: 'spl-memo',
      programId: MEMO,
      stackHeight: null,
    })
  })
})

describe('address lookup tables', () => {
  it('indexes a reference that a v0 transaction loads from a lookup table', async () => {
    const chain = new LocalChain()
    const payer = await fundedSigner(chain)
    const merchant = (await generateKeyPairSigner()).address
    const reference = (await generateKeyPairSigner()).address
    const table = (await generateKeyPairSigner()).address
    // LookupTableMeta: discriminator 1, never deactivated, extended at slot 0, no authority.
    const data = new Uint8Array(56 + 32)
    const view = new DataView(data.buffer)
    view.setUint32(0, 1, true)
    view.setBigUint64(4, 0xffff_ffff_ffff_ffffn, true)
    data.set(getBase58Encoder().encode(reference), 56)
    chain.svm.setAccount({
      address: table,
      lamports: lamports(chain.minimumBalanceForRentExemption(BigInt(data.length))),
      programAddress: LOOKUP_TABLE_PROGRAM,
      executable: false,
      data,
      space: BigInt(data.length),
    })

    const wire = await wireOf(chain, payer, [transfer(payer, merchant, SOL, [reference])], {
      lookupTables: { [table]: [reference] },
    })
    const signature = await chain.sendTransaction(wire)
    const entry = chain.getTransaction(signature)
    if (!entry) throw new Error('transfer not recorded')
    expect(entry.err).toBeNull()
    expect(entry.transaction.message.staticAccountKeys).not.toContain(reference)
    expect(entry.loadedAddresses).toEqual({ writable: [], readonly: [reference] })
    expect(entry.accountKeys.at(-1)).toBe(reference)
    expect(entry.preBalances).toHaveLength(entry.accountKeys.length)
    expect(chain.getSignaturesForAddress(reference).map((e) => e.signature)).toEqual([signature])

    const rendered = renderTransaction(entry, {
      encoding: 'json',
      maxSupportedTransactionVersion: 0,
    })
    expect(rendered.meta.loadedAddresses).toEqual({ writable: [], readonly: [reference] })
    expect(rendered.transaction).toMatchObject({
      message: {
        addressTableLookups: [{ accountKey: table, writableIndexes: [], readonlyIndexes: [0] }],
      },
    })
  })
})

describe('faucet arithmetic', () => {
  it('keeps lamports beyond 2^53 exact', async () => {
    const chain = new LocalChain({ faucetLamports: 2n ** 62n })
    const to = (await generateKeyPairSigner()).address
    const amount = 2n ** 60n + 1n
    await chain.airdrop(to, amount)
    expect(chain.getBalance(to)).toBe(amount)
  })

  it('builds the same transfer as the official System Program client', async () => {
    const { getTransferSolInstruction } = await import('@solana-program/system')
    const payer = await generateKeyPairSigner()
    const to = (await generateKeyPairSigner()).address
    const ours = transferSolInstruction({ source: payer, destination: to, lamports: 123_456n })
    const official = getTransferSolInstruction({ source: payer, destination: to, amount: 123_456n })
    expect(ours.programAddress).toBe(official.programAddress)
    expect(Array.from(ours.data)).toEqual(Array.from(official.data))
    expect(ours.accounts.map((a) => [a.address, a.role])).toEqual(
      official.accounts.map((a) => [a.address, a.role]),
    )
    const reference = (await generateKeyPairSigner()).address
    const withReference = transferSolInstruction({
      source: payer,
      destination: to,
      lamports: 1n,
      references: [reference],
    })
    expect(withReference.accounts.at(-1)).toEqual({
      address: reference,
      role: AccountRole.READONLY,
    })
  })
})
