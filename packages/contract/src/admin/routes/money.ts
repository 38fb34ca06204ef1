// The back office's endpoints: payments, unmatched transfers, the money status and the dashboard.
import type { RouteDef } from '../../routes.js'
import { AdminCounts, Dashboard, DashboardQuery } from '../dashboard.js'
import {
  AdminPaymentDetail,
  AdminPaymentList,
  AdminPaymentsQuery,
  AdminTransfer,
  AdminTransferList,
  AdminTransfersQuery,
  AssignTransferBody,
  DismissTransferBody,
  MoneyStatus,
  PaymentCodePathParam,
  SignatureParam,
} from '../money.js'
import { tags } from './tags.js'

export const adminMoneyRoutes = {
  // ------------------------------------------------------------------ money (owner only)
  listAdminPayments: {
    method: 'GET',
    url: '/api/admin/payments',
    auth: 'owner',
    summary: 'Every payment, newest first; q matches part of a payment code or a whole username',
    tags: tags.money,
    querystring: AdminPaymentsQuery,
    response: { 200: AdminPaymentList },
  },
  getAdminPayment: {
    method: 'GET',
    url: '/api/admin/payments/:code',
    auth: 'owner',
    summary: 'One payment with its transfers (applied and claimed) and the ledger lines it caused',
    tags: tags.money,
    params: PaymentCodePathParam,
    response: { 200: AdminPaymentDetail },
  },
  listTransfers: {
    method: 'GET',
    url: '/api/admin/transfers',
    auth: 'owner',
    summary:
      "SOL transfers to the merchant, newest first (status=unmatched: the queue), with the rate when each landed and the customers' claims",
    tags: tags.money,
    querystring: AdminTransfersQuery,
    response: { 200: AdminTransferList },
  },
  assignTransfer: {
    method: 'POST',
    url: '/api/admin/transfers/:signature/assign',
    auth: 'owner',
    summary:
      "Credit an unmatched transfer to a customer's balance at the rate when it landed (ledger line); once only: 409 TRANSFER_RESOLVED",
    tags: tags.money,
    params: SignatureParam,
    body: AssignTransferBody,
    response: { 200: AdminTransfer },
  },
  dismissTransfer: {
    method: 'POST',
    url: '/api/admin/transfers/:signature/dismiss',
    auth: 'owner',
    summary: 'Set an unmatched transfer aside (status ignored) with a note',
    tags: tags.money,
    params: SignatureParam,
    body: DismissTransferBody,
    response: { 200: AdminTransfer },
  },
  moneyStatus: {
    method: 'GET',
    url: '/api/admin/watcher',
    auth: 'owner',
    summary:
      'The EUR/SOL rate (age, source, last error), the chain watcher (last slot, lag, last error) and the unmatched transfers',
    tags: tags.money,
    response: { 200: MoneyStatus },
  },

  // ------------------------------------------------------------------ dashboard (owner only)
  dashboard: {
    method: 'GET',
    url: '/api/admin/dashboard',
    auth: 'owner',
    summary:
      'The figures an owner looks at first: sales per day, today and this month, payments by method, pending SOL payments, orders waiting, open tickets, low stock, unmatched transfers, the rate and the watcher',
    tags: tags.dashboard,
    querystring: DashboardQuery,
    response: { 200: Dashboard },
  },
  adminCounts: {
    method: 'GET',
    url: '/api/admin/counts',
    auth: 'staff',
    summary:
      'What waits for someone: paid orders to deliver, open tickets, unmatched transfers (owners only), for the sidebar and the tab title',
    tags: tags.dashboard,
    response: { 200: AdminCounts },
  },
} as const satisfies Record<string, RouteDef>
