import type { AdminCustomerDetail } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { ListPager } from '../ui/ListPager'
import { OrderStatusBadge } from '../ui/OrderStatusBadge'
import { QueryView } from '../ui/QueryView'
import { Table, Td, Th, Tr } from '../ui/Table'
import { TicketStatusBadge } from '../ui/TicketStatusBadge'
import { LEDGER_PAGE_SIZE, ledgerQueryOptions } from './queries'

function Section({
  id,
  title,
  count,
  children,
}: {
  id: string
  title: string
  count: number
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={id} className="font-semibold text-lg text-slate-900">
          {title}
        </h2>
        <span className="text-slate-500 text-sm">{t('common.total', { count })}</span>
      </div>
      {children}
    </section>
  )
}

function Nothing({ text }: { text: string }) {
  return (
    <p className="rounded-2xl border border-slate-200 border-dashed bg-white px-4 py-6 text-center text-slate-500 text-sm">
      {text}
    </p>
  )
}

/** Every balance change, newest first, page by page (the first page came with the customer). */
export function LedgerSection({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  const [page, setPage] = useState(1)
  const ledger = useQuery({
    ...ledgerQueryOptions(customer.id, page),
    initialData: page === 1 ? customer.ledger : undefined,
  })
  return (
    <Section id="ledger-title" title={t('customers.ledger')} count={customer.ledger.total}>
      <QueryView query={ledger}>
        {({ transactions, total }) =>
          transactions.length === 0 ? (
            <Nothing text={t('customers.noLedger')} />
          ) : (
            <>
              <Table
                caption={t('customers.ledger')}
                head={
                  <>
                    <Th>{t('customers.when')}</Th>
                    <Th>{t('customers.kind')}</Th>
                    <Th>{t('customers.descriptionLabel')}</Th>
                    <Th className="text-right">{t('customers.amount')}</Th>
                  </>
                }
              >
                {transactions.map((line) => (
                  <Tr key={line.id}>
                    <Td className="whitespace-nowrap">{format.dateTime(line.date)}</Td>
                    <Td label={t('customers.kind')}>{t(`customers.kinds.${line.kind}`)}</Td>
                    <Td label={t('customers.descriptionLabel')} className="break-words md:min-w-48">
                      {line.description}
                    </Td>
                    <Td
                      label={t('customers.amount')}
                      className="whitespace-nowrap tabular-nums md:text-right"
                    >
                      <span
                        className={`font-semibold ${line.amount < 0 ? 'text-red-700' : 'text-emerald-700'}`}
                      >
                        {format.signedEur(line.amount)}
                      </span>
                    </Td>
                  </Tr>
                ))}
              </Table>
              <ListPager
                label={t('customers.ledgerPages')}
                page={page}
                total={total}
                pageSize={LEDGER_PAGE_SIZE}
                onPage={setPage}
              />
            </>
          )
        }
      </QueryView>
    </Section>
  )
}

/** The customer's newest orders, each opening its page. */
export function OrdersSection({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { orders, total } = customer.orders
  return (
    <Section id="orders-title" title={t('customers.recentOrders')} count={total}>
      {orders.length === 0 ? (
        <Nothing text={t('customers.noOrders')} />
      ) : (
        <Table
          caption={t('customers.recentOrders')}
          head={
            <>
              <Th>{t('customers.order')}</Th>
              <Th>{t('customers.when')}</Th>
              <Th className="text-right">{t('customers.paid')}</Th>
              <Th>{t('customers.status')}</Th>
            </>
          }
        >
          {orders.map((order) => (
            <Tr key={order.id}>
              <Td>
                <Link
                  to={`/orders/${order.order_code}`}
                  className="font-mono font-semibold text-slate-900 text-sm hover:text-emerald-700 hover:underline"
                >
                  {order.order_code}
                </Link>
                <span className="block text-slate-500 text-xs">{order.product_name}</span>
              </Td>
              <Td label={t('customers.when')} className="whitespace-nowrap">
                {format.dateTime(order.order_time)}
              </Td>
              <Td
                label={t('customers.paid')}
                className="whitespace-nowrap tabular-nums md:text-right"
              >
                {format.eur(order.paid_amount)}
              </Td>
              <Td label={t('customers.status')}>
                <OrderStatusBadge status={order.status} />
              </Td>
            </Tr>
          ))}
        </Table>
      )}
    </Section>
  )
}

/** The customer's most recently active tickets, each opening its conversation. */
export function TicketsSection({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { tickets, total } = customer.tickets
  return (
    <Section id="tickets-title" title={t('customers.tickets')} count={total}>
      {tickets.length === 0 ? (
        <Nothing text={t('customers.noTickets')} />
      ) : (
        <Table
          caption={t('customers.tickets')}
          head={
            <>
              <Th>{t('customers.ticket')}</Th>
              <Th>{t('customers.category')}</Th>
              <Th>{t('customers.updated')}</Th>
              <Th>{t('customers.status')}</Th>
            </>
          }
        >
          {tickets.map((ticket) => (
            <Tr key={ticket.id}>
              <Td>
                <Link
                  to={`/tickets/${ticket.id}`}
                  className="block break-words font-semibold text-slate-900 hover:text-emerald-700 hover:underline"
                >
                  {ticket.title}
                </Link>
                <span className="block font-mono text-slate-500 text-xs">{ticket.ticket_id}</span>
              </Td>
              <Td label={t('customers.category')}>{ticket.category_name}</Td>
              <Td label={t('customers.updated')} className="whitespace-nowrap">
                {format.dateTime(ticket.updated_at)}
              </Td>
              <Td label={t('customers.status')}>
                <TicketStatusBadge status={ticket.status} />
              </Td>
            </Tr>
          ))}
        </Table>
      )}
    </Section>
  )
}
