// @shop/local-chain: a single-node Solana chain (LiteSVM) served like a cluster's RPC node (JSON-RPC
// over HTTP, subscriptions over WebSocket), for local runs and tests. The shop loads it only when
// it runs without SOLANA_RPC_URL.
export {
  BLOCKHASH_VALIDITY_BLOCKS,
  LAMPORTS_PER_SIGNATURE,
  LocalChain,
  type LocalChainOptions,
} from './chain.js'
export { JsonRpcError } from './errors.js'
export { FolderLockedError } from './folder-lock.js'
export type { AccountView, LedgerEntry, Simulation } from './model.js'
export {
  MINT_AUTHORITY_FILE,
  MINT_KEYPAIR_FILE,
  PLAY_USDC_DECIMALS,
  type PlayUsdc,
} from './play-usdc.js'
export {
  DEFAULT_LOCAL_CHAIN_PORT,
  type LocalChainRpc,
  type LocalChainRpcOptions,
  startLocalChainRpc,
} from './server.js'
export { SYSTEM_PROGRAM_ADDRESS, transferSolInstruction } from './system-program.js'
export {
  type ChainTiming,
  type CommitmentLevel,
  QUICK_TIMING,
  REALISTIC_TIMING,
} from './timing.js'
export { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './token-accounts.js'
export {
  type MintPlayUsdcOptions,
  mintPlayUsdc,
  type SendTokenTransferOptions,
  sendTokenTransfer,
} from './token-transfer.js'
export {
  type SendSolTransferOptions,
  sendSolTransfer,
  type TransferCommitment,
  TransferFailedError,
} from './transfer.js'
