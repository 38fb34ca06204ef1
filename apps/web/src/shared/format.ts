// The shop's formatting of amounts and dates is the contract's (packages/contract/src/format.ts),
// shared with the basic shop's server-rendered pages.
export {
  formatCountdown,
  formatDate,
  formatDateTime,
  formatEur,
  formatSignedEur,
  formatSol,
  formatTime,
  MINUS_SIGN,
} from '@shop/contract'
