// Requests and responses of the payment endpoints.

import Type, { type Static } from 'typebox'
import { Currency, Id, PageQuery } from './common.js'
import { PROBLEM_DESCRIPTION_MAX_LENGTH } from './constants.js'
import { PaymentMethod, Ticket } from './entities.js'
import { SIGNATURE_PATTERN } from './payment-rules.js'

/** Shape of a payment code (the server generates them; uppercase letters, digits, dashes). */
export const PAYMENT_CODE_PATTERN = '^[A-Z0-9-]{4,40}$'

export const PaymentCode = Type.String({ pattern: PAYMENT_CODE_PATTERN })

export const CreatePaymentBody = Type.Object({
  payment_method: PaymentMethod,
  currency: Type.Optional(Currency),
  expected_total_eur: Type.Optional(
    Type.Number({
      minimum: 0,
      description:
        'The total the customer saw; when the cart now totals something else, nothing is charged and the answer is 409 PRICE_CHANGED with the current cart',
    }),
  ),
})
export type CreatePaymentBody = Static<typeof CreatePaymentBody>

/** `:paymentCode` of the payment endpoints. */
export const PaymentCodeParam = Type.Object({ paymentCode: PaymentCode })
export type PaymentCodeParam = Static<typeof PaymentCodeParam>

export const ReportProblemBody = Type.Object({
  payment_code: PaymentCode,
  description: Type.String({
    minLength: 1,
    maxLength: PROBLEM_DESCRIPTION_MAX_LENGTH,
    pattern: '\\S',
  }),
})
export type ReportProblemBody = Static<typeof ReportProblemBody>

export const ReportProblemResponse = Type.Object({
  success: Type.Literal(true),
  report_id: Id,
  /** The report is a support ticket about the payment: the shop answers there. */
  ticket: Ticket,
})
export type ReportProblemResponse = Static<typeof ReportProblemResponse>

/** A transaction signature the customer pastes to settle a pending payment by hand. */
export const SubmitSignatureBody = Type.Object({
  signature: Type.String({ pattern: SIGNATURE_PATTERN, description: 'Base58 signature' }),
})
export type SubmitSignatureBody = Static<typeof SubmitSignatureBody>

/** `POST /api/dev/pay/:paymentCode`: the demo wallet sent the transfer with this signature. */
export const DemoPayResponse = Type.Object({
  success: Type.Literal(true),
  signature: Type.String({ description: 'Signature of the transfer the demo wallet sent' }),
})
export type DemoPayResponse = Static<typeof DemoPayResponse>

export const HistoryQuery = PageQuery
export type HistoryQuery = Static<typeof HistoryQuery>
