// The faucet behind requestAirdrop: a funded key that sends real, recorded transfers, as
// solana-test-validator's faucet does, so an airdrop shows up in the recipient's history. Its key
// is kept with the chain, so a restarted chain's faucet is the same account.
import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getTransactionEncoder,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import type { LatestBlockhash } from './blocks.js'
import { transferSolInstruction } from './system-program.js'

/** What solana-test-validator's faucet holds: 500 million SOL. */
export const DEFAULT_FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n

export class Faucet {
  #signer: Promise<KeyPairSigner> | undefined

  /** `seed`: the faucet's private key; `ensureFunded` creates its account if there is none. */
  constructor(
    private readonly seed: Uint8Array,
    private readonly ensureFunded: (faucet: string) => void,
  ) {}

  signer(): Promise<KeyPairSigner> {
    this.#signer ??= createKeyPairSignerFromPrivateKeyBytes(this.seed).then((signer) => {
      this.ensureFunded(signer.address)
      return signer
    })
    return this.#signer
  }

  /** A signed transfer of `amount` lamports from the faucet to `to`, in wire format. */
  async transfer(to: string, amount: bigint, latest: LatestBlockhash): Promise<Uint8Array> {
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
