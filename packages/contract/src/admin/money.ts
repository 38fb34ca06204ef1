// Money as the owner reconciles it (docs/back-office.md, /payments and /transfers): every payment with
// its transfers and ledger lines, the queue of SOL transfers that matched no payment with the
// customers' claims on them, and the state of the rate and of the chain watcher.

import Type, { type Static } from 'typebox'
import {
  AdminPageFields,
  Currency,
  Euros,
  Id,
  Lamports,
  Nullable,
  Sol,
  Timestamp,
  TokenAmount,
  Total,
} from '../common.js'
import {
  REASON_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../constants.js'
import { BalanceTransactionKind, PaymentKind, PaymentMethod, PaymentStatus } from '../entities.js'
import { SIGNATURE_PATTERN } from '../payment-rules.js'
import { PaymentCode } from '../payments.js'

// ---------------------------------------------------------------- transfers

export const TRANSFER_STATUSES = ['unmatched', 'applied', 'ignored'] as const
/** unmatched (waits for the owner) -> applied (to a payment, or assigned to a customer) | ignored. */
export const TransferStatus = Type.Enum(TRANSFER_STATUSES, { type: 'string' })
export type TransferStatus = Static<typeof TransferStatus>

/** A customer's word that a transaction paid their payment, when the rules could not apply it. */
export const TransferClaim = Type.Object({
  username: Type.String(),
  payment_code: Nullable(Type.String()),
  created_at: Timestamp,
})
export type TransferClaim = Static<typeof TransferClaim>

/** One transfer instruction to the merchant (a batch transaction holds several). */
export const AdminTransfer = Type.Object({
  signature: Type.String(),
  instruction_index: Type.Integer({
    minimum: -1,
    description: 'The transfer instruction in the transaction; -1: what no instruction explains',
  }),
  slot: Lamports,
  block_time: Nullable(Timestamp, { description: 'When it landed (the chain clock)' }),
  seen_at: Timestamp,
  lamports: Lamports,
  sol: Sol,
  // A token transfer moves no lamports: lamports '0', sol 0, and token_amount says what came.
  currency: Nullable(Currency, {
    description: 'SOL, USDC, or null for a token the shop does not count (a look-alike mint)',
  }),
  token_mint: Nullable(Type.String(), {
    description: 'The mint of a token transfer; null for SOL',
  }),
  token_amount: TokenAmount,
  sender: Nullable(Type.String(), {
    description: 'The paying address, when an instruction names it',
  }),
  status: TransferStatus,
  note: Type.String({ description: 'How it was applied, or why it was dismissed' }),
  rate_eur_per_sol: Nullable(Euros, {
    description: 'The euro rate of its currency (per SOL, or per USDC) when it landed',
  }),
  value_eur: Nullable(Euros, { description: 'Its euro value at that rate (rounded down)' }),
  payment_code: Nullable(Type.String(), { description: 'The payment it was applied to' }),
  assigned_to: Nullable(Type.String(), { description: 'The customer the owner assigned it to' }),
  resolved_by: Nullable(Type.String(), {
    description: 'The staff member who assigned or dismissed it',
  }),
  resolved_at: Nullable(Timestamp),
  claims: Type.Array(TransferClaim),
})
export type AdminTransfer = Static<typeof AdminTransfer>

export const AdminTransferList = Type.Object({
  transfers: Type.Array(AdminTransfer),
  total: Total,
})
export type AdminTransferList = Static<typeof AdminTransferList>

export const AdminTransfersQuery = Type.Object({
  status: Type.Optional(TransferStatus),
  q: Type.Optional(
    Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'A signature or a sender address' }),
  ),
  ...AdminPageFields,
})
export type AdminTransfersQuery = Static<typeof AdminTransfersQuery>

/** `:signature` of the transfer endpoints. */
export const SignatureParam = Type.Object({
  signature: Type.String({ pattern: SIGNATURE_PATTERN, description: 'Base58 signature' }),
})
export type SignatureParam = Static<typeof SignatureParam>

const instructionIndex = Type.Optional(
  Type.Integer({
    minimum: -1,
    maximum: 255,
    description: 'Which transfer of the transaction; needed only when it holds several unmatched',
  }),
)

export const AssignTransferBody = Type.Object({
  username: Type.String({
    minLength: USERNAME_MIN_LENGTH,
    maxLength: USERNAME_MAX_LENGTH,
    pattern: USERNAME_PATTERN,
    description: 'The customer credited with the euro value at the rate when it landed',
  }),
  instruction_index: instructionIndex,
})
export type AssignTransferBody = Static<typeof AssignTransferBody>

export const DismissTransferBody = Type.Object({
  note: Type.String({
    minLength: 1,
    maxLength: REASON_MAX_LENGTH,
    pattern: '\\S',
    description: 'Why (e.g. returned to the sender outside the shop)',
  }),
  instruction_index: instructionIndex,
})
export type DismissTransferBody = Static<typeof DismissTransferBody>

// ---------------------------------------------------------------- payments

export const AdminPayment = Type.Object({
  payment_code: Type.String(),
  user_id: Id,
  username: Type.String(),
  kind: PaymentKind,
  method: PaymentMethod,
  status: PaymentStatus,
  subtotal_eur: Euros,
  discount_eur: Euros,
  amount_eur: Euros,
  rate_eur_per_sol: Nullable(Euros, { description: 'SOL only: the rate locked at creation' }),
  sol_amount: Nullable(Sol),
  lamports: Nullable(Lamports),
  received_lamports: Nullable(Lamports, { description: 'SOL only: what has arrived so far' }),
  currency: Nullable(Currency, { description: 'Crypto only' }),
  token_mint: Nullable(Type.String(), { description: 'USDC only: the mint' }),
  token_amount: Nullable(TokenAmount, { description: 'Crypto only: asked, in base units' }),
  received_token_amount: Nullable(TokenAmount, {
    description: 'Crypto only: what has arrived so far, in base units',
  }),
  reference: Nullable(Type.String()),
  created_at: Timestamp,
  expires_at: Nullable(Timestamp),
  confirmed_at: Nullable(Timestamp),
  closed_at: Nullable(Timestamp),
})
export type AdminPayment = Static<typeof AdminPayment>

export const AdminPaymentList = Type.Object({
  payments: Type.Array(AdminPayment),
  total: Total,
})
export type AdminPaymentList = Static<typeof AdminPaymentList>

export const AdminPaymentsQuery = Type.Object({
  status: Type.Optional(PaymentStatus),
  kind: Type.Optional(PaymentKind),
  method: Type.Optional(PaymentMethod),
  q: Type.Optional(
    Type.String({
      maxLength: SEARCH_MAX_LENGTH,
      description: 'Part of a payment code, or a username (whole, any letter case)',
    }),
  ),
  ...AdminPageFields,
})
export type AdminPaymentsQuery = Static<typeof AdminPaymentsQuery>

/** A balance change a payment or a transfer caused. */
export const AdminLedgerLine = Type.Object({
  id: Id,
  amount_eur: Type.Number({ description: 'Signed euro amount' }),
  kind: BalanceTransactionKind,
  description: Type.String(),
  transfer_signature: Nullable(Type.String()),
  created_at: Timestamp,
})
export type AdminLedgerLine = Static<typeof AdminLedgerLine>

export const AdminPaymentDetail = Type.Object({
  ...AdminPayment.properties,
  transfers: Type.Array(AdminTransfer, {
    description: 'Transfers applied to it, and transfers its customer claimed for it',
  }),
  ledger: Type.Array(AdminLedgerLine),
})
export type AdminPaymentDetail = Static<typeof AdminPaymentDetail>

/** `:code` of the payment page. */
export const PaymentCodePathParam = Type.Object({ code: PaymentCode })
export type PaymentCodePathParam = Static<typeof PaymentCodePathParam>

// ---------------------------------------------------------------- rate and watcher

export const MoneyStatus = Type.Object({
  rate: Type.Object({
    eur_per_sol: Nullable(Euros),
    source: Nullable(Type.String()),
    fetched_at: Nullable(Timestamp),
    age_seconds: Nullable(Type.Integer({ minimum: 0 })),
    max_age_seconds: Type.Integer({
      description: 'Older than this, no SOL payment can be created',
    }),
    last_error: Nullable(Type.String()),
  }),
  usdc: Type.Object({
    accepted: Type.Boolean({ description: 'Whether checkout and top-up take USDC now' }),
    mint: Nullable(Type.String()),
    eur_per_usdc: Nullable(Type.Number({ description: 'Euro per USDC, at most 5 decimals' })),
    source: Nullable(Type.String()),
    fetched_at: Nullable(Timestamp),
    age_seconds: Nullable(Type.Integer({ minimum: 0 })),
    last_error: Nullable(Type.String()),
  }),
  watcher: Type.Object({
    enabled: Type.Boolean({ description: 'False when no chain is configured' }),
    last_slot: Nullable(Lamports, { description: "The chain's newest slot at the last pass" }),
    read_through: Nullable(Timestamp, {
      description: 'Every transfer up to this block time has been read',
    }),
    lag_seconds: Nullable(Type.Integer({ minimum: 0, description: 'How far behind the clock' })),
    last_pass_at: Nullable(Timestamp),
    last_error: Nullable(Type.String()),
  }),
  unmatched_transfers: Type.Integer({ minimum: 0 }),
})
export type MoneyStatus = Static<typeof MoneyStatus>
