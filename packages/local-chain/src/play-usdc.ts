// The chain's play USDC (decision 0052): a USDC-like SPL Token mint with 6 decimals, there from
// the chain's first start as a genesis account (as `solana-test-validator --account` preloads
// one), so creating it costs no transaction and leaves nothing in any address's history. Its
// mint authority is a Solana CLI keypair file in the data folder, so `spl-token mint` or any
// script can mint play USDC; the mint's own keypair is kept beside it, and both are reused on
// every later start. A wallet's associated token account is set up the same way on request
// (the merchant's, in local mode); minting is a real transaction of the SPL Token program.
import { generateKeyPairSync } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Base64EncodedWireTransaction,
  blockhash,
  createKeyPairSignerFromBytes,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type KeyPairSigner,
  none,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  some,
} from '@solana/kit'
import {
  AccountState,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintEncoder,
  getMintToCheckedInstruction,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { LatestBlockhash } from './blocks.js'
import type { AccountView } from './model.js'
import { encodeBase58 } from './wire.js'

export const PLAY_USDC_DECIMALS = 6
export const MINT_AUTHORITY_FILE = 'usdc-mint-authority.json'
export const MINT_KEYPAIR_FILE = 'usdc-mint.json'

/** What the play USDC needs of its chain. */
export interface PlayUsdcHost {
  getAccount(of: string): AccountView | null
  setAccount(of: string, account: AccountView): void
  minimumBalanceForRentExemption(dataLength: bigint): bigint
  /** The faucet, which pays the fees of mint transactions. */
  faucet(): Promise<KeyPairSigner>
}

/** A new ed25519 keypair as the Solana CLI keeps one: 32 private bytes, then the public key. */
function newKeypairBytes(): Uint8Array {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const d = privateKey.export({ format: 'jwk' }).d
  const x = publicKey.export({ format: 'jwk' }).x
  if (!d || !x) throw new Error('ed25519 key export gave no key bytes')
  return Uint8Array.from([...Buffer.from(d, 'base64url'), ...Buffer.from(x, 'base64url')])
}

function readKeypairFile(file: string): Uint8Array | null {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  const value: unknown = JSON.parse(text)
  const isByte = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < 256
  if (!Array.isArray(value) || value.length !== 64 || !value.every(isByte)) {
    throw new Error(`${file} is not a Solana keypair file (a JSON array of 64 bytes)`)
  }
  return Uint8Array.from(value as number[])
}

/** Written whole or not at all, readable by its owner only (it holds a private key). */
function writeKeypairFile(file: string, bytes: Uint8Array): void {
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(Array.from(bytes)), { mode: 0o600 })
  fs.renameSync(`${file}.tmp`, file)
}

/** The mint and authority keypairs: from the data folder, new ones the first time. */
function loadOrCreateKeypairs(dataDir: string | null): { mint: Uint8Array; authority: Uint8Array } {
  if (!dataDir) return { mint: newKeypairBytes(), authority: newKeypairBytes() }
  const mintFile = path.join(dataDir, MINT_KEYPAIR_FILE)
  const authorityFile = path.join(dataDir, MINT_AUTHORITY_FILE)
  const authority = readKeypairFile(authorityFile)
  const mint = readKeypairFile(mintFile)
  if (mint && !authority) {
    throw new Error(`${dataDir} has ${mintFile} but not ${authorityFile}: nobody could mint`)
  }
  if (mint && authority) return { mint, authority }
  // The authority is written first, so one without its mint is a first start cut short.
  const created = { mint: newKeypairBytes(), authority: authority ?? newKeypairBytes() }
  if (!authority) writeKeypairFile(authorityFile, created.authority)
  writeKeypairFile(mintFile, created.mint)
  return created
}

export class PlayUsdc {
  /** The mint's address. */
  readonly mint: Address
  readonly decimals = PLAY_USDC_DECIMALS
  readonly mintAuthority: Address
  /** The mint authority's keypair file; null for a chain kept in memory. */
  readonly authorityFile: string | null
  readonly #authorityBytes: Uint8Array
  #authority: Promise<KeyPairSigner> | undefined

  /** Loads (or, the first time, creates) the mint and sets its genesis account if missing. */
  constructor(
    dataDir: string | null,
    private readonly host: PlayUsdcHost,
  ) {
    const keypairs = loadOrCreateKeypairs(dataDir)
    this.mint = address(encodeBase58(keypairs.mint.subarray(32)))
    this.mintAuthority = address(encodeBase58(keypairs.authority.subarray(32)))
    this.#authorityBytes = keypairs.authority
    this.authorityFile = dataDir ? path.join(dataDir, MINT_AUTHORITY_FILE) : null
    if (!host.getAccount(this.mint)) {
      const data = getMintEncoder().encode({
        mintAuthority: some(this.mintAuthority),
        supply: 0n,
        decimals: this.decimals,
        isInitialized: true,
        freezeAuthority: none(),
      })
      this.#setTokenProgramAccount(this.mint, Uint8Array.from(data))
    }
  }

  authority(): Promise<KeyPairSigner> {
    this.#authority ??= createKeyPairSignerFromBytes(this.#authorityBytes)
    return this.#authority
  }

  /** The associated token account of `owner` for this mint. */
  async tokenAccountOf(owner: string): Promise<Address> {
    const [ata] = await findAssociatedTokenPda({
      mint: this.mint,
      owner: address(owner),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    return ata
  }

  /**
   * Gives `owner` an empty associated token account, as a genesis account, unless it has one;
   * idempotent and cheap (no transaction). Returns its address.
   */
  async ensureTokenAccount(owner: string): Promise<Address> {
    const ata = await this.tokenAccountOf(owner)
    if (this.host.getAccount(ata)) return ata
    const data = getTokenEncoder().encode({
      mint: this.mint,
      owner: address(owner),
      amount: 0n,
      delegate: none(),
      state: AccountState.Initialized,
      isNative: none(),
      delegatedAmount: 0n,
      closeAuthority: none(),
    })
    this.#setTokenProgramAccount(ata, Uint8Array.from(data))
    return ata
  }

  /**
   * A signed transaction, fees paid by the faucet, that creates `owner`'s associated token
   * account if it is missing and mints `amount` base units (micro-USDC) to it.
   */
  async signedMintTo(
    owner: string,
    amount: bigint,
    latest: LatestBlockhash,
  ): Promise<{ wire: Uint8Array; base64: Base64EncodedWireTransaction; signature: Signature }> {
    const [payer, authority, ata] = await Promise.all([
      this.host.faucet(),
      this.authority(),
      this.tokenAccountOf(owner),
    ])
    // Legacy, like the faucet's transfers: readable by clients that set no
    // maxSupportedTransactionVersion.
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: blockhash(latest.blockhash),
            lastValidBlockHeight: BigInt(latest.lastValidBlockHeight),
          },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getCreateAssociatedTokenIdempotentInstruction({
              payer,
              ata,
              owner: address(owner),
              mint: this.mint,
            }),
            getMintToCheckedInstruction({
              mint: this.mint,
              token: ata,
              mintAuthority: authority,
              amount,
              decimals: this.decimals,
            }),
          ],
          m,
        ),
    )
    const signed = await signTransactionMessageWithSigners(message)
    return {
      wire: Uint8Array.from(getTransactionEncoder().encode(signed)),
      base64: getBase64EncodedWireTransaction(signed),
      signature: getSignatureFromTransaction(signed),
    }
  }

  #setTokenProgramAccount(of: string, data: Uint8Array): void {
    this.host.setAccount(of, {
      lamports: this.host.minimumBalanceForRentExemption(BigInt(data.length)),
      owner: TOKEN_PROGRAM_ADDRESS,
      data,
      executable: false,
    })
  }
}
