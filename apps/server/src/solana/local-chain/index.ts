// The embedded Solana chain the server runs when no SOLANA_RPC_URL is configured.
export {
  type AccountView,
  BLOCKHASH_VALIDITY_BLOCKS,
  LAMPORTS_PER_SIGNATURE,
  type LedgerEntry,
  LocalChain,
  type LocalChainOptions,
  type Simulation,
} from './chain.js'
export { JsonRpcError } from './errors.js'
export {
  DEFAULT_LOCAL_CHAIN_PORT,
  type LocalChainRpc,
  type LocalChainRpcOptions,
  startLocalChainRpc,
} from './server.js'
export { SYSTEM_PROGRAM_ADDRESS, transferSolInstruction } from './system-program.js'
export {
  type SendSolTransferOptions,
  sendSolTransfer,
  type TransferCommitment,
  TransferFailedError,
} from './transfer.js'
