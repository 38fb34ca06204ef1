// Paying play USDC as a Solana Pay wallet does, with the independent stack wallets use: the URL
// with `spl-token` parsed and the transfer built by `@solana/pay`'s createTransfer, signed and
// sent by `@solana/web3.js` 1.x over HTTP, then found by findReference and accepted by
// validateTransfer, which read the token balances of getTransaction; the same for the chain's own
// sendTokenTransfer; and a look-alike 6-decimal mint shows its own mint and pays nothing.

import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import {
  createTransfer,
  findReference,
  parseURL,
  type TransferRequestURL,
  validateTransfer,
} from '@solana/pay'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  sendAndConfirmTransaction,
} from '@solana/web3.js'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalChainRpc, startLocalChainRpc } from './server.js'
import { mintPlayUsdc, sendTokenTransfer } from './token-transfer.js'
import { submitAndConfirm } from './transfer.js'

let server: LocalChainRpc
let connection: Connection
let mint: Address
const merchant = Keypair.generate().publicKey
const customer = Keypair.generate()

async function airdrop(to: PublicKey, sol: number) {
  const signature = await connection.requestAirdrop(to, sol * LAMPORTS_PER_SOL)
  const latest = await connection.getLatestBlockhash()
  await connection.confirmTransaction({ signature, ...latest }, 'confirmed')
}

async function fundedKitSigner(): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner()
  await airdrop(new PublicKey(signer.address), 1)
  return signer
}

async function rpc(method: string, params: unknown[]) {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  // biome-ignore lint/suspicious/noExplicitAny: the raw answer is checked field by field
  const answer = (await response.json()) as { result: any }
  return answer.result
}

const ata = async (owner: string, of: Address = mint) =>
  (
    await findAssociatedTokenPda({
      mint: of,
      owner: address(owner),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
  )[0]

function balance(
  accountIndex: number,
  owner: string,
  amount: string,
  uiAmount: number | null,
  text: string,
  of = mint,
) {
  return {
    accountIndex,
    mint: of,
    owner,
    programId: TOKEN_PROGRAM_ADDRESS,
    uiTokenAmount: { amount, decimals: 6, uiAmount, uiAmountString: text },
  }
}

beforeAll(async () => {
  server = await startLocalChainRpc({
    port: 0,
    chainOptions: { timing: { slotMs: 50, confirmationDepth: 1, finalizationDepth: 4 } },
  })
  connection = new Connection(server.url, 'confirmed')
  mint = server.chain.usdc.mint
  // createTransfer refuses a recipient wallet that does not exist, as a real merchant's does.
  await airdrop(customer.publicKey, 2)
  await airdrop(merchant, 1)
  await server.chain.usdc.ensureTokenAccount(merchant.toBase58())
  await mintPlayUsdc(server, customer.publicKey.toBase58(), 10_000_000n)
})

afterAll(async () => {
  await server.close()
})

describe('a Solana Pay USDC transfer', () => {
  it('is built by createTransfer, sent by web3.js, found by findReference and validated', async () => {
    const reference = Keypair.generate().publicKey
    const url = `solana:${merchant.toBase58()}?amount=1.25&spl-token=${mint}&reference=${reference.toBase58()}&memo=order-7`
    const request = parseURL(url) as TransferRequestURL
    if (!request.amount || !request.splToken) throw new Error('URL without amount or token')
    const transaction = await createTransfer(connection, customer.publicKey, {
      recipient: request.recipient,
      amount: request.amount,
      splToken: request.splToken,
      reference: request.reference,
      memo: request.memo,
    })
    const signature = await sendAndConfirmTransaction(connection, transaction, [customer], {
      commitment: 'confirmed',
    })

    const found = await findReference(connection, reference, { finality: 'confirmed' })
    expect(found.signature).toBe(signature)
    const fields = {
      recipient: merchant,
      amount: request.amount,
      splToken: request.splToken,
      reference,
      memo: 'order-7',
    }
    await expect(
      validateTransfer(connection, signature, fields, { commitment: 'confirmed' }),
    ).resolves.toBeTruthy()

    const json = await rpc('getTransaction', [
      signature,
      { commitment: 'confirmed', encoding: 'json' },
    ])
    const keys = json.transaction.message.accountKeys as string[]
    const merchantIndex = keys.indexOf(await ata(merchant.toBase58()))
    const customerIndex = keys.indexOf(await ata(customer.publicKey.toBase58()))
    const [low, high] = [customerIndex, merchantIndex].sort((a, b) => a - b)
    const pre = {
      [customerIndex]: balance(customerIndex, customer.publicKey.toBase58(), '10000000', 10, '10'),
      // A node reads the float back from its store, where zero means none: null.
      [merchantIndex]: balance(merchantIndex, merchant.toBase58(), '0', null, '0'),
    }
    const post = {
      [customerIndex]: balance(
        customerIndex,
        customer.publicKey.toBase58(),
        '8750000',
        8.75,
        '8.75',
      ),
      [merchantIndex]: balance(merchantIndex, merchant.toBase58(), '1250000', 1.25, '1.25'),
    }
    expect(json.meta.preTokenBalances).toEqual([pre[low ?? 0], pre[high ?? 0]])
    expect(json.meta.postTokenBalances).toEqual([post[low ?? 0], post[high ?? 0]])
    const parsed = await rpc('getTransaction', [
      signature,
      { commitment: 'confirmed', encoding: 'jsonParsed' },
    ])
    expect(parsed.meta.preTokenBalances).toEqual(json.meta.preTokenBalances)
    expect(parsed.meta.postTokenBalances).toEqual(json.meta.postTokenBalances)
    // The RPC's spl-token parser counts keys after the authority as multisig signers.
    expect(parsed.transaction.message.instructions).toEqual([
      {
        parsed: 'order-7',
        program: 'spl-memo',
        programId: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
        stackHeight: null,
      },
      {
        parsed: {
          type: 'transferChecked',
          info: {
            source: await ata(customer.publicKey.toBase58()),
            mint,
            destination: await ata(merchant.toBase58()),
            tokenAmount: { amount: '1250000', decimals: 6, uiAmount: 1.25, uiAmountString: '1.25' },
            multisigAuthority: customer.publicKey.toBase58(),
            signers: [reference.toBase58()],
          },
        },
        program: 'spl-token',
        programId: TOKEN_PROGRAM_ADDRESS,
        stackHeight: null,
      },
    ])
  })

  it('is what sendTokenTransfer sends: memo, then TransferChecked with the reference', async () => {
    const payer = await fundedKitSigner()
    const minted = await mintPlayUsdc(server, payer.address, 3_000_000n)
    const mintTx = await rpc('getTransaction', [
      minted,
      { commitment: 'confirmed', encoding: 'jsonParsed' },
    ])
    const payerAta = await ata(payer.address)
    expect(
      mintTx.transaction.message.instructions.map((i: { parsed: unknown }) => i.parsed),
    ).toEqual([
      {
        type: 'createIdempotent',
        info: {
          source: mintTx.transaction.message.accountKeys[0].pubkey,
          account: payerAta,
          wallet: payer.address,
          mint,
          systemProgram: '11111111111111111111111111111111',
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
        },
      },
      {
        type: 'mintToChecked',
        info: {
          mint,
          account: payerAta,
          tokenAmount: { amount: '3000000', decimals: 6, uiAmount: 3, uiAmountString: '3' },
          mintAuthority: server.chain.usdc.mintAuthority,
        },
      },
    ])
    const reference = (await generateKeyPairSigner()).address
    const signature = await sendTokenTransfer({
      rpcUrl: server.url,
      payer,
      mint,
      to: address(merchant.toBase58()),
      amount: 500_000n,
      reference,
      memo: 'order-8',
    })
    const found = await findReference(connection, new PublicKey(reference), {
      finality: 'confirmed',
    })
    expect(found.signature).toBe(signature)
    const request = parseURL(
      `solana:${merchant.toBase58()}?amount=0.5&spl-token=${mint}`,
    ) as TransferRequestURL
    await expect(
      validateTransfer(
        connection,
        signature,
        {
          recipient: merchant,
          amount: request.amount ?? fail(),
          splToken: new PublicKey(mint),
          reference: new PublicKey(reference),
          memo: 'order-8',
        },
        { commitment: 'confirmed' },
      ),
    ).resolves.toBeTruthy()
    const balanceNow = await connection.getTokenAccountBalance(
      new PublicKey(await ata(merchant.toBase58())),
    )
    expect(balanceNow.value.amount).toBe('1750000')
  })

  it('of a look-alike 6-decimal mint shows that mint in its balances and pays no USDC', async () => {
    const issuer = await fundedKitSigner()
    const lookAlike = await generateKeyPairSigner()
    const kit = createSolanaRpc(server.url)
    const { value: latest } = await kit.getLatestBlockhash({ commitment: 'confirmed' }).send()
    const [issuerAta, merchantAta] = [
      await ata(issuer.address, lookAlike.address),
      await ata(merchant.toBase58(), lookAlike.address),
    ]
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(issuer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getCreateAccountInstruction({
                payer: issuer,
                newAccount: lookAlike,
                lamports: server.chain.minimumBalanceForRentExemption(82n),
                space: 82,
                programAddress: TOKEN_PROGRAM_ADDRESS,
              }),
              getInitializeMint2Instruction({
                mint: lookAlike.address,
                decimals: 6,
                mintAuthority: issuer.address,
              }),
              getCreateAssociatedTokenIdempotentInstruction({
                payer: issuer,
                ata: issuerAta,
                owner: issuer.address,
                mint: lookAlike.address,
              }),
              getCreateAssociatedTokenIdempotentInstruction({
                payer: issuer,
                ata: merchantAta,
                owner: address(merchant.toBase58()),
                mint: lookAlike.address,
              }),
              getMintToCheckedInstruction({
                mint: lookAlike.address,
                token: issuerAta,
                mintAuthority: issuer,
                amount: 5_000_000n,
                decimals: 6,
              }),
            ],
            m,
          ),
      ),
    )
    await submitAndConfirm({
      rpcUrl: server.url,
      wire: getBase64EncodedWireTransaction(signed),
      signature: getSignatureFromTransaction(signed),
      lastValidBlockHeight: latest.lastValidBlockHeight,
    })
    const reference = (await generateKeyPairSigner()).address
    const signature = await sendTokenTransfer({
      rpcUrl: server.url,
      payer: issuer,
      mint: lookAlike.address,
      to: address(merchant.toBase58()),
      amount: 2_000_000n,
      reference,
    })
    const json = await rpc('getTransaction', [signature, { commitment: 'confirmed' }])
    const keys = json.transaction.message.accountKeys as string[]
    const index = keys.indexOf(merchantAta)
    expect(json.meta.postTokenBalances).toContainEqual(
      balance(index, merchant.toBase58(), '2000000', 2, '2', lookAlike.address),
    )
    const mints = [...json.meta.preTokenBalances, ...json.meta.postTokenBalances].map(
      (b: { mint: string }) => b.mint,
    )
    expect(new Set(mints)).toEqual(new Set([lookAlike.address]))
    const found = await findReference(connection, new PublicKey(reference), {
      finality: 'confirmed',
    })
    expect(found.signature).toBe(signature)
    const request = parseURL(
      `solana:${merchant.toBase58()}?amount=2&spl-token=${mint}`,
    ) as TransferRequestURL
    await expect(
      validateTransfer(
        connection,
        signature,
        {
          recipient: merchant,
          amount: request.amount ?? fail(),
          splToken: new PublicKey(mint),
          reference: new PublicKey(reference),
        },
        { commitment: 'confirmed' },
      ),
    ).rejects.toThrow('recipient not found')
  })
})

function fail(): never {
  throw new Error('missing')
}
