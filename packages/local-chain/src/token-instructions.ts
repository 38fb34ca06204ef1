// The SPL Token and Associated Token Account instructions that minting and paying use, named and
// shaped as the RPC's jsonParsed encoding shows them (agave's parse_token and
// parse_associated_token), decoded with @solana-program/token; null for the others, which are
// then shown partially decoded.
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  getInitializeMint2InstructionDataDecoder,
  getMintToCheckedInstructionDataDecoder,
  getMintToInstructionDataDecoder,
  getTransferCheckedInstructionDataDecoder,
  getTransferInstructionDataDecoder,
  identifyAssociatedTokenInstruction,
  identifyTokenInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import { uiTokenAmount } from './token-accounts.js'

export interface ParsedProgramInstruction {
  program: string
  parsed: { type: string; info: Record<string, unknown> }
}

/**
 * The authority of an instruction whose accounts from `index` on are its authority and then any
 * multisig signers: the RPC calls extra accounts signers, so a Solana Pay reference appended to a
 * transfer shows as `multisigAuthority` with the reference among `signers`.
 */
function authority(accounts: string[], index: number, name: string): Record<string, unknown> {
  if (accounts.length > index + 1) {
    const multisig = `multisig${name[0]?.toUpperCase()}${name.slice(1)}`
    return { [multisig]: accounts[index], signers: accounts.slice(index + 1) }
  }
  return { [name]: accounts[index] }
}

function parseToken(data: Uint8Array, accounts: string[]) {
  const kind = identifyTokenInstruction(data)
  switch (kind) {
    case TokenInstruction.Transfer: {
      if (accounts.length < 3) return null
      const { amount } = getTransferInstructionDataDecoder().decode(data)
      return {
        type: 'transfer',
        info: {
          source: accounts[0],
          destination: accounts[1],
          amount: amount.toString(),
          ...authority(accounts, 2, 'authority'),
        },
      }
    }
    case TokenInstruction.TransferChecked: {
      if (accounts.length < 4) return null
      const { amount, decimals } = getTransferCheckedInstructionDataDecoder().decode(data)
      return {
        type: 'transferChecked',
        info: {
          source: accounts[0],
          mint: accounts[1],
          destination: accounts[2],
          tokenAmount: uiTokenAmount(amount, decimals),
          ...authority(accounts, 3, 'authority'),
        },
      }
    }
    case TokenInstruction.MintTo: {
      if (accounts.length < 3) return null
      const { amount } = getMintToInstructionDataDecoder().decode(data)
      return {
        type: 'mintTo',
        info: {
          mint: accounts[0],
          account: accounts[1],
          amount: amount.toString(),
          ...authority(accounts, 2, 'mintAuthority'),
        },
      }
    }
    case TokenInstruction.MintToChecked: {
      if (accounts.length < 3) return null
      const { amount, decimals } = getMintToCheckedInstructionDataDecoder().decode(data)
      return {
        type: 'mintToChecked',
        info: {
          mint: accounts[0],
          account: accounts[1],
          tokenAmount: uiTokenAmount(amount, decimals),
          ...authority(accounts, 2, 'mintAuthority'),
        },
      }
    }
    case TokenInstruction.InitializeMint2: {
      if (accounts.length < 1) return null
      const parsed = getInitializeMint2InstructionDataDecoder().decode(data)
      const freeze = parsed.freezeAuthority
      return {
        type: 'initializeMint2',
        info: {
          mint: accounts[0],
          decimals: parsed.decimals,
          mintAuthority: parsed.mintAuthority,
          ...(freeze.__option === 'Some' ? { freezeAuthority: freeze.value } : {}),
        },
      }
    }
    default:
      return null
  }
}

function parseAssociatedToken(data: Uint8Array, accounts: string[]) {
  // The first version of the program took no data at all for "create".
  const idempotent = data.length > 0 && identifyAssociatedTokenInstruction(data) === 1
  if (data.length > 0 && !idempotent && data[0] !== 0) return null
  if (accounts.length < 6) return null
  return {
    type: idempotent ? 'createIdempotent' : 'create',
    info: {
      source: accounts[0],
      account: accounts[1],
      wallet: accounts[2],
      mint: accounts[3],
      systemProgram: accounts[4],
      tokenProgram: accounts[5],
    },
  }
}

export function parseTokenProgramInstruction(
  programId: string,
  data: Uint8Array,
  accounts: string[],
): ParsedProgramInstruction | null {
  try {
    if (programId === TOKEN_PROGRAM_ADDRESS) {
      const parsed = parseToken(data, accounts)
      return parsed ? { program: 'spl-token', parsed } : null
    }
    if (programId === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
      const parsed = parseAssociatedToken(data, accounts)
      return parsed ? { program: 'spl-associated-token-account', parsed } : null
    }
  } catch {
    // Data the decoders cannot read: shown partially decoded, as the RPC does.
  }
  return null
}
