import {
  appendTransactionMessageInstruction,
  blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { transferSolInstruction } from './system-program.js'
import { isStaticWritable, parseTransaction, WireFormatError } from './wire.js'

const HASH = blockhash('EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N')

async function sampleWire(version: 'legacy' | 0) {
  const payer = await generateKeyPairSigner()
  const to = (await generateKeyPairSigner()).address
  const reference = (await generateKeyPairSigner()).address
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash({ blockhash: HASH, lastValidBlockHeight: 9n }, m),
    (m) =>
      appendTransactionMessageInstruction(
        transferSolInstruction({
          source: payer,
          destination: to,
          lamports: 5n,
          references: [reference],
        }),
        m,
      ),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return { wire: Uint8Array.from(getTransactionEncoder().encode(signed)), payer, to, reference }
}

describe('parseTransaction', () => {
  it.each(['legacy', 0] as const)('reads a %s transfer with a reference', async (version) => {
    const { wire, payer, to, reference } = await sampleWire(version)
    const parsed = parseTransaction(wire)
    expect(parsed.message.version).toBe(version)
    expect(parsed.signatures).toHaveLength(1)
    expect(parsed.message.header).toEqual({
      numRequiredSignatures: 1,
      numReadonlySignedAccounts: 0,
      numReadonlyUnsignedAccounts: 2,
    })
    expect(parsed.message.staticAccountKeys).toEqual([
      payer.address,
      to,
      '11111111111111111111111111111111',
      reference,
    ])
    expect(parsed.message.recentBlockhash).toBe(HASH)
    expect(parsed.message.instructions).toEqual([
      { programIdIndex: 2, accounts: [0, 1, 3], data: expect.any(Uint8Array) },
    ])
    expect(parsed.message.addressTableLookups).toEqual([])
    expect(parsed.wire).toEqual(wire)
    const keys = parsed.message.staticAccountKeys.length
    expect([0, 1, 2, 3].map((i) => isStaticWritable(parsed.message.header, keys, i))).toEqual([
      true,
      true,
      false,
      false,
    ])
  })

  it('refuses truncated, padded and unknown-version input', async () => {
    const { wire } = await sampleWire(0)
    expect(() => parseTransaction(wire.subarray(0, wire.length - 1))).toThrow(WireFormatError)
    expect(() => parseTransaction(Uint8Array.from([...wire, 0]))).toThrow(WireFormatError)
    const v1 = Uint8Array.from(wire)
    v1[65] = 0x81
    expect(() => parseTransaction(v1)).toThrow(/unsupported transaction version 1/)
    expect(() => parseTransaction(new Uint8Array(0))).toThrow(WireFormatError)
  })
})
