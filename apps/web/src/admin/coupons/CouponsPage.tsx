import type { AdminCoupon, CouponBody, CouponPatch } from '@shop/contract'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Badge, type BadgeTone } from '../../shared/ui/Badge'
import { Button } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { CoinIcon, PlusIcon } from '../../shared/ui/icons'
import { Modal } from '../../shared/ui/Modal'
import { Page } from '../../shared/ui/Page'
import { SearchField } from '../../shared/ui/SearchField'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { ADMIN_PAGE_SIZE } from '../api/queries'
import { ListPager } from '../ui/ListPager'
import { QueryView } from '../ui/QueryView'
import { Table, Td, Th, Tr } from '../ui/Table'
import { CouponForm } from './CouponForm'

const COUPONS_KEY = ['admin', 'coupons'] as const

/** Whether a coupon can be used now: off, not yet started, over, used up, or live. */
function couponState(coupon: AdminCoupon, now: number): { key: string; tone: BadgeTone } {
  if (!coupon.active) return { key: 'inactive', tone: 'grey' }
  if (coupon.starts_at && Date.parse(coupon.starts_at) > now)
    return { key: 'scheduled', tone: 'blue' }
  if (coupon.ends_at && Date.parse(coupon.ends_at) <= now) return { key: 'ended', tone: 'amber' }
  // The rules count a use held by a pending SOL payment as taken, so the status does too.
  const used = coupon.times_redeemed + coupon.reserved
  if (coupon.max_redemptions !== null && used >= coupon.max_redemptions) {
    return { key: 'usedUp', tone: 'amber' }
  }
  return { key: 'live', tone: 'green' }
}

function CouponRow({ coupon, onEdit }: { coupon: AdminCoupon; onEdit: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const state = couponState(coupon, Date.now())
  const discount =
    coupon.kind === 'percent'
      ? new Intl.NumberFormat(format.lang === 'lt' ? 'lt-LT' : 'en-GB', {
          style: 'percent',
        }).format((coupon.percent_off ?? 0) / 100)
      : format.eur(coupon.amount_off_eur)
  const validity =
    coupon.starts_at || coupon.ends_at
      ? `${coupon.starts_at ? format.date(coupon.starts_at) : '…'} – ${
          coupon.ends_at ? format.date(coupon.ends_at) : '…'
        }`
      : t('coupons.always')
  return (
    <Tr>
      <Td>
        <span className="font-mono font-semibold text-slate-900">{coupon.code}</span>
        {coupon.description ? (
          <span className="block max-w-56 truncate text-slate-500 text-xs">
            {coupon.description}
          </span>
        ) : null}
      </Td>
      <Td label={t('coupons.discount')} className="whitespace-nowrap font-medium text-slate-900">
        {discount}
        {coupon.min_subtotal_eur !== null ? (
          <span className="block font-normal text-slate-500 text-xs">
            {t('coupons.fromSubtotal', { amount: format.eur(coupon.min_subtotal_eur) })}
          </span>
        ) : null}
        {coupon.excluded_product_ids.length > 0 ? (
          <span className="block font-normal text-slate-500 text-xs">
            {t('coupons.excludes', { count: coupon.excluded_product_ids.length })}
          </span>
        ) : null}
      </Td>
      <Td label={t('coupons.valid')} className="whitespace-nowrap">
        {validity}
      </Td>
      <Td label={t('coupons.redeemed')} className="whitespace-nowrap tabular-nums">
        {coupon.max_redemptions === null
          ? coupon.times_redeemed
          : `${coupon.times_redeemed} / ${coupon.max_redemptions}`}
        {coupon.reserved > 0 ? (
          <span className="block text-slate-500 text-xs">
            {t('coupons.reservedCount', { count: coupon.reserved })}
          </span>
        ) : null}
      </Td>
      <Td label={t('coupons.status')}>
        <Badge tone={state.tone}>{t(`coupons.states.${state.key}`)}</Badge>
      </Td>
      <Td className="max-md:-ml-3 md:text-right">
        <Button variant="ghost" size="sm" onClick={onEdit}>
          {t('common.edit')}
          <span className="sr-only"> {coupon.code}</span>
        </Button>
      </Td>
    </Tr>
  )
}

/** Coupons with their redemptions: search by code, pages of 20, create and edit in a dialog. */
export function CouponsPage() {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [q, setQ] = useState('')
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null)
  const coupons = useQuery({
    queryKey: [...COUPONS_KEY, { q, page }],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/coupons', {
        query: { q: q || undefined, page, page_size: ADMIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

  const save = async (body: CouponBody | CouponPatch) => {
    if (editing === 'new') {
      await adminCall('POST /api/admin/coupons', { body: body as CouponBody })
      notify.success(t('coupons.created'))
    } else if (editing) {
      await adminCall('PATCH /api/admin/coupons/:id', { params: { id: editing.id }, body })
      notify.success(t('common.saved'))
    }
    await client.invalidateQueries({ queryKey: COUPONS_KEY })
  }

  const onSearch = (next: string) => {
    setQ(next)
    setPage(1)
  }

  return (
    <Page
      title={t('coupons.title')}
      description={t('coupons.description')}
      actions={
        <Button onClick={() => setEditing('new')}>
          <PlusIcon className="size-4" />
          {t('coupons.new')}
        </Button>
      }
    >
      <SearchField
        label={t('coupons.search')}
        value={q}
        onSearch={onSearch}
        maxLength={100}
        formClassName="mb-4 max-w-sm"
      />
      <QueryView query={coupons}>
        {({ coupons: rows, total }) =>
          rows.length === 0 ? (
            <EmptyState icon={<CoinIcon />} title={t('coupons.empty')} />
          ) : (
            <>
              <p className="mb-2 text-slate-500 text-sm">{t('common.total', { count: total })}</p>
              <Table
                caption={t('coupons.title')}
                head={
                  <>
                    <Th>{t('coupons.code')}</Th>
                    <Th>{t('coupons.discount')}</Th>
                    <Th>{t('coupons.valid')}</Th>
                    <Th>{t('coupons.redeemed')}</Th>
                    <Th>{t('coupons.status')}</Th>
                    <Th>
                      <span className="sr-only">{t('common.actions')}</span>
                    </Th>
                  </>
                }
              >
                {rows.map((coupon) => (
                  <CouponRow key={coupon.id} coupon={coupon} onEdit={() => setEditing(coupon)} />
                ))}
              </Table>
              <ListPager label={t('coupons.pages')} page={page} total={total} onPage={setPage} />
            </>
          )
        }
      </QueryView>
      <Modal
        open={editing !== null}
        size="lg"
        onClose={() => setEditing(null)}
        title={
          editing === 'new'
            ? t('coupons.new')
            : t('coupons.editNamed', { code: editing?.code ?? '' })
        }
      >
        {editing ? (
          <CouponForm
            coupon={editing === 'new' ? undefined : editing}
            save={save}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Page>
  )
}
