// The shop's local mode keeps its chain in DATA_DIR/local-chain: after a restart the merchant's
// payments and balance are still there, and the merchant's starting balance is set only once;
// the chain's play USDC mint, its authority file and the merchant's token account stay the same.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { MINT_AUTHORITY_FILE, sendSolTransfer } from '@shop/local-chain'
import { address, createSolanaRpc, generateKeyPairSigner, lamports } from '@solana/kit'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import { setUpChain } from '../src/local-chain-mode.js'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-local-chain-'))

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('the local mode', () => {
  it('keeps the chain in the data folder and funds the merchant only the first time', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, LOCAL_CHAIN_PORT: '0' })
    const first = await setUpChain(config)
    const merchant = address(first.chain.merchantAddress)
    const rpc = createSolanaRpc(first.chain.rpcUrl)
    const start = (await rpc.getBalance(merchant, { commitment: 'finalized' }).send()).value
    expect(start).toBeGreaterThan(0n)
    const mint = address(first.playUsdcMint ?? '')
    expect(fs.existsSync(path.join(dataDir, 'local-chain', MINT_AUTHORITY_FILE))).toBe(true)
    const usdcAccounts = await rpc
      .getTokenAccountsByOwner(merchant, { mint }, { encoding: 'base64', commitment: 'finalized' })
      .send()
    expect(usdcAccounts.value).toHaveLength(1)
    const usdcAccount = address(usdcAccounts.value[0]?.pubkey ?? '')
    expect((await rpc.getTokenAccountBalance(usdcAccount).send()).value.amount).toBe('0')
    const payer = await generateKeyPairSigner()
    await rpc.requestAirdrop(payer.address, lamports(2_000_000_000n)).send()
    const payment = await sendSolTransfer({
      rpcUrl: first.chain.rpcUrl,
      payer,
      to: merchant,
      lamports: 1_000_000_000n,
    })
    await first.localChain?.close()
    expect(fs.existsSync(path.join(dataDir, 'local-chain', 'ledger.jsonl'))).toBe(true)

    const second = await setUpChain(config)
    try {
      expect(second.chain.merchantAddress).toBe(merchant)
      expect(second.playUsdcMint).toBe(mint)
      const again = createSolanaRpc(second.chain.rpcUrl)
      const { value } = await again.getBalance(merchant, { commitment: 'processed' }).send()
      expect(value).toBe(start + 1_000_000_000n)
      const history = await again.getSignaturesForAddress(merchant).send()
      expect(history.map((entry) => entry.signature)).toEqual([payment])
      const usdc = await again
        .getTokenAccountsByOwner(merchant, { mint }, { encoding: 'base64' })
        .send()
      expect(usdc.value.map((found) => found.pubkey)).toEqual([usdcAccount])
    } finally {
      await second.localChain?.close()
    }
  }, 60_000)
})
