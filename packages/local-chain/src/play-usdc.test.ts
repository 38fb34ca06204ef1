// The chain's play USDC: a 6-decimal mint there from the first start, its authority a Solana CLI
// keypair file kept with the chain, both the same after a restart; minting is a real SPL Token
// transaction whose token balances getTransaction reports as a node does (a failed one's too);
// the token methods, and jsonParsed token accounts.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  appendTransactionMessageInstruction,
  blockhash,
  createKeyPairSignerFromBytes,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import {
  getMintDecoder,
  getTokenDecoder,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { LocalChain } from './chain.js'
import { MINT_AUTHORITY_FILE, MINT_KEYPAIR_FILE } from './play-usdc.js'
import { HAND_TIMING, rpcTestClient, startTestChain } from './test-support/rpc-client.js'
import { mintPlayUsdc } from './token-transfer.js'

const dataDirs: string[] = []
const open: LocalChain[] = []

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-chain-usdc-'))
  dataDirs.push(dir)
  return dir
}

function openChain(dataDir?: string): LocalChain {
  const chain = new LocalChain({ timing: HAND_TIMING, ...(dataDir ? { dataDir } : {}) })
  open.push(chain)
  return chain
}

afterEach(() => {
  for (const chain of open.splice(0)) chain.close()
})

afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
})

describe('the play USDC mint', () => {
  it('exists from the first start, with its authority kept as a Solana CLI keypair file', async () => {
    const dataDir = newDataDir()
    const chain = openChain(dataDir)
    const mint = chain.getAccount(chain.usdc.mint)
    expect(mint?.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    const state = getMintDecoder().decode(mint?.data ?? new Uint8Array())
    expect(state).toMatchObject({ decimals: 6, supply: 0n, isInitialized: true })
    expect(state.mintAuthority).toEqual({ __option: 'Some', value: chain.usdc.mintAuthority })
    expect(state.freezeAuthority).toEqual({ __option: 'None' })
    expect(mint?.lamports).toBe(chain.minimumBalanceForRentExemption(82n))

    const file = path.join(dataDir, MINT_AUTHORITY_FILE)
    expect(chain.usdc.authorityFile).toBe(file)
    const bytes = JSON.parse(fs.readFileSync(file, 'utf8')) as number[]
    expect(bytes).toHaveLength(64)
    const signer = await createKeyPairSignerFromBytes(Uint8Array.from(bytes))
    expect(signer.address).toBe(chain.usdc.mintAuthority)
    expect(fs.statSync(file).mode & 0o077).toBe(0)
    const mintFile = JSON.parse(fs.readFileSync(path.join(dataDir, MINT_KEYPAIR_FILE), 'utf8'))
    expect((await createKeyPairSignerFromBytes(Uint8Array.from(mintFile))).address).toBe(
      chain.usdc.mint,
    )
  })

  it('is the same mint, supply, authority and merchant account after a restart, set up once', async () => {
    const dataDir = newDataDir()
    const first = openChain(dataDir)
    const merchant = (await generateKeyPairSigner()).address
    const ata = await first.usdc.ensureTokenAccount(merchant)
    expect(await first.usdc.ensureTokenAccount(merchant)).toBe(ata)
    const before = { mint: first.usdc.mint, authority: first.usdc.mintAuthority }
    const wallet = (await generateKeyPairSigner()).address
    const mintSignature = await mintPlayUsdc(first, wallet, 700_000n)
    const mintEntry = first.getTransaction(mintSignature)
    first.close()
    const ledger = path.join(dataDir, 'ledger.jsonl')
    const ledgerBytes = fs.statSync(ledger).size

    const second = openChain(dataDir)
    expect({ mint: second.usdc.mint, authority: second.usdc.mintAuthority }).toEqual(before)
    expect(await second.usdc.ensureTokenAccount(merchant)).toBe(ata)
    const minted = second.getTransaction(mintSignature)
    expect(minted?.postTokenBalances).toEqual(mintEntry?.postTokenBalances)
    expect(minted?.postTokenBalances.map((b) => b.amount)).toEqual([700_000n])
    // Nothing was set again: the mint and the merchant's account came back from the ledger.
    expect(fs.statSync(ledger).size).toBe(ledgerBytes)
    const token = getTokenDecoder().decode(second.getAccount(ata)?.data ?? new Uint8Array())
    expect(token).toMatchObject({ mint: before.mint, owner: merchant, amount: 0n })
    const supply = getMintDecoder().decode(second.getAccount(before.mint)?.data ?? new Uint8Array())
    expect(supply.supply).toBe(700_000n)
    expect(second.getAccount(ata)?.lamports).toBe(second.minimumBalanceForRentExemption(165n))
    // No transaction: the merchant's history is empty, as the watcher expects.
    expect(second.getSignaturesForAddress(merchant)).toEqual([])
    expect(second.getSignaturesForAddress(ata)).toEqual([])
  })

  it('is a new mint in every chain kept in memory', () => {
    const [one, two] = [openChain(), openChain()]
    expect(one?.usdc.mint).not.toBe(two?.usdc.mint)
    expect(one?.usdc.authorityFile).toBeNull()
  })

  it('refuses a data folder with the mint file but not its authority', () => {
    const dataDir = newDataDir()
    openChain(dataDir).close()
    open.length = 0
    fs.rmSync(path.join(dataDir, MINT_AUTHORITY_FILE))
    expect(() => openChain(dataDir)).toThrow(/nobody could mint/)
  })

  it('mints in a real transaction that creates the owner account, with a node-like meta', async () => {
    const chain = openChain()
    const owner = (await generateKeyPairSigner()).address
    const signature = await mintPlayUsdc(chain, owner, 2_500_000n)
    const ata = await chain.usdc.tokenAccountOf(owner)
    const entry = chain.getTransaction(signature)
    expect(entry?.err).toBeNull()
    const index = entry?.accountKeys.indexOf(ata) ?? -1
    expect(index).toBeGreaterThan(0)
    // The account did not exist before: no pre balance for it; the mint itself is no token account.
    expect(entry?.preTokenBalances).toEqual([])
    expect(entry?.postTokenBalances).toEqual([
      {
        accountIndex: index,
        mint: chain.usdc.mint,
        owner,
        programId: TOKEN_PROGRAM_ADDRESS,
        amount: 2_500_000n,
        decimals: 6,
      },
    ])
    await mintPlayUsdc(chain, owner, 500_000n)
    const token = getTokenDecoder().decode(chain.getAccount(ata)?.data ?? new Uint8Array())
    expect(token.amount).toBe(3_000_000n)
    const mint = getMintDecoder().decode(
      chain.getAccount(chain.usdc.mint)?.data ?? new Uint8Array(),
    )
    expect(mint.supply).toBe(3_000_000n)
  })
})

describe('token balances of a failed transfer', () => {
  it('are recorded too, the same before and after, with its fee charged', async () => {
    const chain = openChain()
    const owner = await generateKeyPairSigner()
    const recipient = (await generateKeyPairSigner()).address
    await chain.airdrop(owner.address, 1_000_000_000n)
    await mintPlayUsdc(chain, owner.address, 1_000_000n)
    const [source, destination] = await Promise.all([
      chain.usdc.tokenAccountOf(owner.address),
      chain.usdc.ensureTokenAccount(recipient),
    ])
    const latest = chain.latestBlockhash()
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 'legacy' }),
        (m) => setTransactionMessageFeePayerSigner(owner, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            {
              blockhash: blockhash(latest.blockhash),
              lastValidBlockHeight: BigInt(latest.lastValidBlockHeight),
            },
            m,
          ),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferCheckedInstruction({
              source,
              mint: chain.usdc.mint,
              destination,
              authority: owner,
              amount: 2_000_000n, // more than it holds
              decimals: 6,
            }),
            m,
          ),
      ),
    )
    const wire = Uint8Array.from(getTransactionEncoder().encode(signed))
    const signature = await chain.sendTransaction(wire, { skipPreflight: true })
    const entry = chain.getTransaction(signature)
    expect(entry?.err).not.toBeNull()
    expect(entry?.fee).toBe(5000n)
    const keys = entry?.accountKeys ?? []
    const expected = [
      { key: source, owner: owner.address, amount: 1_000_000n },
      { key: destination, owner: recipient, amount: 0n },
    ]
      .map(({ key, owner, amount }) => ({
        accountIndex: keys.indexOf(key),
        mint: chain.usdc.mint,
        owner,
        programId: TOKEN_PROGRAM_ADDRESS,
        amount,
        decimals: 6,
      }))
      .sort((a, b) => a.accountIndex - b.accountIndex)
    expect(entry?.preTokenBalances).toEqual(expected)
    expect(entry?.postTokenBalances).toEqual(expected)
  })
})

describe('the token methods over JSON-RPC', () => {
  let endpoint: Awaited<ReturnType<typeof startTestChain>>
  const client = rpcTestClient(() => ({ url: endpoint.server.url, rpc: endpoint.rpc }))

  afterAll(async () => {
    await endpoint?.server.close()
  })

  it('answers getTokenAccountBalance, getTokenSupply and getTokenAccountsByOwner as a node', async () => {
    endpoint = await startTestChain(HAND_TIMING)
    const { chain } = endpoint.server
    const owner = (await generateKeyPairSigner()).address
    await mintPlayUsdc(chain, owner, 1_230_000n)
    const ata = await chain.usdc.tokenAccountOf(owner)
    const finalized = async () => {
      const answer = await client.raw({
        jsonrpc: '2.0',
        id: 1,
        method: 'getTokenAccountBalance',
        params: [ata],
      })
      return answer.json
    }
    // Reads default to finalized: the mint is not there yet, then it is.
    expect((await finalized()).error).toEqual({
      code: -32602,
      message: 'Invalid param: could not find account',
    })
    chain.advanceSlots(3)
    expect((await finalized()).result.value).toEqual({
      amount: '1230000',
      decimals: 6,
      uiAmount: 1.23,
      uiAmountString: '1.23',
    })
    const supply = await endpoint.rpc.getTokenSupply(chain.usdc.mint).send()
    expect(supply.value).toEqual({
      amount: '1230000',
      decimals: 6,
      uiAmount: 1.23,
      uiAmountString: '1.23',
    })

    const empty = (await generateKeyPairSigner()).address
    const emptyAta = await chain.usdc.ensureTokenAccount(empty)
    const zero = await endpoint.rpc.getTokenAccountBalance(emptyAta).send()
    expect(zero.value).toEqual({ amount: '0', decimals: 6, uiAmount: 0, uiAmountString: '0' })

    const byMint = await endpoint.rpc
      .getTokenAccountsByOwner(owner, { mint: chain.usdc.mint }, { encoding: 'base64' })
      .send()
    expect(byMint.value.map((found) => found.pubkey)).toEqual([ata])
    const [found] = byMint.value
    const data = Buffer.from(found?.account.data[0] ?? '', 'base64')
    expect(getTokenDecoder().decode(data)).toMatchObject({ owner, amount: 1_230_000n })
    expect(found?.account.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    const byProgram = await endpoint.rpc
      .getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' })
      .send()
    expect(byProgram.value.map((found) => found.pubkey)).toEqual([ata])
    const nobody = await endpoint.rpc
      .getTokenAccountsByOwner(empty, { mint: chain.usdc.mint }, { encoding: 'base64' })
      .send()
    expect(nobody.value.map((found) => found.pubkey)).toEqual([emptyAta])

    // jsonParsed: the spl-token parser's shapes; a data slice falls back to base64, as on a node.
    const parsedAccount = await endpoint.rpc.getAccountInfo(ata, { encoding: 'jsonParsed' }).send()
    expect(parsedAccount.value?.data).toEqual({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          isNative: false,
          mint: chain.usdc.mint,
          owner,
          state: 'initialized',
          tokenAmount: { amount: '1230000', decimals: 6, uiAmount: 1.23, uiAmountString: '1.23' },
        },
      },
      space: 165n,
    })
    const parsedMint = await endpoint.rpc
      .getAccountInfo(chain.usdc.mint, { encoding: 'jsonParsed' })
      .send()
    expect(parsedMint.value?.data).toEqual({
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: 6,
          freezeAuthority: null,
          isInitialized: true,
          mintAuthority: chain.usdc.mintAuthority,
          supply: '1230000',
        },
      },
      space: 82n,
    })
    const sliced = await client.raw({
      jsonrpc: '2.0',
      id: 1,
      method: 'getAccountInfo',
      params: [ata, { encoding: 'jsonParsed', dataSlice: { offset: 0, length: 32 } }],
    })
    expect(sliced.json.result.value.data).toEqual([
      Buffer.from(getAddressEncoder().encode(chain.usdc.mint)).toString('base64'),
      'base64',
    ])
    const parsedByOwner = await endpoint.rpc
      .getTokenAccountsByOwner(owner, { mint: chain.usdc.mint }, { encoding: 'jsonParsed' })
      .send()
    expect(parsedByOwner.value[0]?.account.data).toEqual(parsedAccount.value?.data)

    const refusals = await Promise.all(
      [
        ['getTokenAccountBalance', [owner]],
        ['getTokenAccountBalance', [chain.usdc.mint]],
        ['getTokenAccountsByOwner', [owner, { mint: owner }]],
        ['getTokenAccountsByOwner', [owner, { programId: owner }]],
        ['getTokenSupply', [ata]],
      ].map(([method, params]) => client.raw({ jsonrpc: '2.0', id: 1, method, params })),
    )
    expect(refusals.map((answer) => answer.json.error.message)).toEqual([
      'Invalid param: could not find account',
      'Invalid param: not a Token account',
      'Invalid param: could not find mint',
      'Invalid param: unrecognized Token program id',
      'Invalid param: mint could not be unpacked',
    ])
  })
})
