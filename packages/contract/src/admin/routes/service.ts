// The back office's endpoints: orders to deliver or refund, the support inbox and customers.
import { IdParam } from '../../common.js'
import { BalanceHistory } from '../../entities.js'
import { OrderCodeParam } from '../../orders.js'
import type { RouteDef } from '../../routes.js'
import {
  AdminCustomer,
  AdminCustomerDetail,
  AdminCustomerList,
  AdminCustomerQuery,
  AdminCustomersQuery,
  AdminLedgerQuery,
  BalanceAdjustmentBody,
} from '../customers.js'
import {
  AdminOrder,
  AdminOrderDetail,
  AdminOrderList,
  AdminOrdersQuery,
  DeliverOrderBody,
  DeliverOrdersBody,
  OrdersDelivered,
  RefundOrderBody,
} from '../orders.js'
import {
  AdminTicketDetail,
  AdminTicketList,
  AdminTicketReplyBody,
  AdminTicketsQuery,
  AdminTicketView,
  CloseTicketsBody,
  TicketsClosed,
} from '../support.js'
import { tags } from './tags.js'

export const adminServiceRoutes = {
  // ------------------------------------------------------------------ orders (support: read, deliver)
  listAdminOrders: {
    method: 'GET',
    url: '/api/admin/orders',
    auth: 'staff',
    summary: 'Every order, newest first; q matches an order code, a payment code or a username',
    tags: tags.orders,
    querystring: AdminOrdersQuery,
    response: { 200: AdminOrderList },
  },
  getAdminOrder: {
    method: 'GET',
    url: '/api/admin/orders/:code',
    auth: 'staff',
    summary: 'One order with its purchase, payment and time line',
    tags: tags.orders,
    params: OrderCodeParam,
    response: { 200: AdminOrderDetail },
  },
  deliverOrder: {
    method: 'POST',
    url: '/api/admin/orders/:code/deliver',
    auth: 'staff',
    summary: 'Mark a paid manual-delivery order delivered, with the note the customer reads',
    tags: tags.orders,
    params: OrderCodeParam,
    body: DeliverOrderBody,
    response: { 200: AdminOrder },
  },
  deliverOrders: {
    method: 'POST',
    url: '/api/admin/orders/deliver',
    auth: 'staff',
    summary:
      'Deliver several paid manual-delivery orders, each with its note and each on its own: the answer lists those delivered and those refused with why (decision 0059)',
    tags: tags.orders,
    body: DeliverOrdersBody,
    response: { 200: OrdersDelivered },
  },
  editDeliveryNote: {
    method: 'PUT',
    url: '/api/admin/orders/:code/delivery-note',
    auth: 'staff',
    summary:
      "Correct a delivered manual order's note (the customer reads the latest; the audit log records the change, never the note)",
    tags: tags.orders,
    params: OrderCodeParam,
    body: DeliverOrderBody,
    response: { 200: AdminOrder },
  },
  refundOrder: {
    method: 'POST',
    url: '/api/admin/orders/:code/refund',
    auth: 'owner',
    summary: "Refund a paid order to the customer's balance, with a reason",
    tags: tags.orders,
    params: OrderCodeParam,
    body: RefundOrderBody,
    response: { 200: AdminOrder },
  },

  // ------------------------------------------------------------------ support inbox (any staff)
  listAdminTickets: {
    method: 'GET',
    url: '/api/admin/tickets',
    auth: 'staff',
    summary:
      "Every customer's tickets, newest activity first; q matches a ticket code, the title or a username",
    tags: tags.support,
    querystring: AdminTicketsQuery,
    response: { 200: AdminTicketList },
  },
  getAdminTicket: {
    method: 'GET',
    url: '/api/admin/tickets/:id',
    auth: 'staff',
    summary: "A ticket's whole conversation, with the customer's recent orders and payments",
    tags: tags.support,
    params: IdParam,
    querystring: AdminTicketView,
    response: { 200: AdminTicketDetail },
  },
  replyAdminTicket: {
    method: 'POST',
    url: '/api/admin/tickets/:id/reply',
    auth: 'staff',
    summary: 'Answer the customer: the ticket becomes answered and shows as unread to them',
    tags: tags.support,
    params: IdParam,
    querystring: AdminTicketView,
    body: AdminTicketReplyBody,
    response: { 200: AdminTicketDetail },
  },
  closeAdminTicket: {
    method: 'POST',
    url: '/api/admin/tickets/:id/close',
    auth: 'staff',
    summary:
      'Close a ticket (the customer can no longer reply); closing a closed one changes nothing',
    tags: tags.support,
    params: IdParam,
    querystring: AdminTicketView,
    response: { 200: AdminTicketDetail },
  },
  closeAdminTickets: {
    method: 'POST',
    url: '/api/admin/tickets/close',
    auth: 'staff',
    summary:
      'Close several tickets at once, all or none (an unknown id is 404); closed ones stay as they are',
    tags: tags.support,
    body: CloseTicketsBody,
    response: { 200: TicketsClosed },
  },
  reopenAdminTicket: {
    method: 'POST',
    url: '/api/admin/tickets/:id/reopen',
    auth: 'staff',
    summary: 'Reopen a closed ticket (open again, waiting for the shop)',
    tags: tags.support,
    params: IdParam,
    querystring: AdminTicketView,
    response: { 200: AdminTicketDetail },
  },

  // ------------------------------------------------------------------ customers (read: staff)
  listCustomers: {
    method: 'GET',
    url: '/api/admin/customers',
    auth: 'staff',
    summary: 'Customers by username, newest first, with balance and paid orders',
    tags: tags.customers,
    querystring: AdminCustomersQuery,
    response: { 200: AdminCustomerList },
  },
  getCustomer: {
    method: 'GET',
    url: '/api/admin/customers/:id',
    auth: 'staff',
    summary: 'One customer: balance and newest ledger lines, orders, tickets, live sessions',
    tags: tags.customers,
    params: IdParam,
    querystring: AdminCustomerQuery,
    response: { 200: AdminCustomerDetail },
  },
  customerLedger: {
    method: 'GET',
    url: '/api/admin/customers/:id/ledger',
    auth: 'staff',
    summary: "A customer's balance changes, newest first",
    tags: tags.customers,
    params: IdParam,
    querystring: AdminLedgerQuery,
    response: { 200: BalanceHistory },
  },
  adjustCustomerBalance: {
    method: 'POST',
    url: '/api/admin/customers/:id/balance',
    auth: 'owner',
    summary:
      'Add to or take from a balance with a reason (ledger line `adjustment`); never below zero: 409 BALANCE_BELOW_ZERO',
    tags: tags.customers,
    params: IdParam,
    body: BalanceAdjustmentBody,
    response: { 200: AdminCustomer },
  },
  disableCustomer: {
    method: 'POST',
    url: '/api/admin/customers/:id/disable',
    auth: 'owner',
    summary: "Disable an account: every session ends at once (the customer's next call: 403)",
    tags: tags.customers,
    params: IdParam,
    response: { 200: AdminCustomer },
  },
  enableCustomer: {
    method: 'POST',
    url: '/api/admin/customers/:id/enable',
    auth: 'owner',
    summary: 'Enable a disabled account again (the customer signs in anew)',
    tags: tags.customers,
    params: IdParam,
    response: { 200: AdminCustomer },
  },
} as const satisfies Record<string, RouteDef>
