// The faucet behind requestAirdrop: a funded key that sends real, recorded transfers, as
// solana-test-validator's faucet does, so an airdrop shows up in the recipient's history.
import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import type { LiteSVM } from 'litesvm'
import { SYSTEM_PROGRAM_ADDRESS, transferSolInstruction } from './system-program.js'

/** What solana-test-validator's faucet holds: 500 million SOL. */
export const DEFAULT_FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n

export class Faucet {
  #signer: Promise<KeyPairSigner> | undefined

  constructor(
    private readonly svm: LiteSVM,
    private readonly startLamports: bigint,
  ) {}

  /** The faucet's key; its account is created with the starting balance on first use. */
  signer(): Promise<KeyPairSigner> {
    this.#signer ??= generateKeyPairSigner().then((signer) => {
      this.svm.setAccount({
        address: signer.address,
        lamports: lamports(this.startLamports),
        programAddress: SYSTEM_PROGRAM_ADDRESS,
        executable: false,
        data: new Uint8Array(0),
        space: 0n,
      })
      return signer
    })
    return this.#signer
  }

  /** A signed transfer of `amount` lamports from the faucet to `to`, in wire format. */
  async transfer(
    to: string,
    amount: bigint,
    latest: { blockhash: string; lastValidBlockHeight: number },
  ): Promise<Uint8Array> {
    const faucet = await this.signer()
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(faucet, m),
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
          transferSolInstruction({ source: faucet, destination: address(to), lamports: amount }),
          m,
        ),
    )
    const signed = await signTransactionMessageWithSigners(message)
    return Uint8Array.from(getTransactionEncoder().encode(signed))
  }
}
