import type { StaffRole } from '@shop/contract'
import type { ComponentType } from 'react'
import {
  ChatIcon,
  CoinIcon,
  PinIcon,
  ReceiptIcon,
  UserIcon,
  WalletIcon,
} from '../../shared/ui/icons'
import type { AdminEndpoint } from '../api/call'
import { ChartIcon } from '../dashboard/icons'
import {
  ArchiveIcon,
  BookIcon,
  BoxIcon,
  FolderIcon,
  ListIcon,
  QuestionIcon,
  TransferIcon,
  UsersIcon,
} from '../ui/icons'

export interface NavEntry {
  /** Path inside /admin. */
  to: string
  /** i18n key of the label. */
  label: string
  icon: ComponentType<{ className?: string }>
  /** The call the screen opens with; its access in the contract says who may see the screen. */
  endpoint: AdminEndpoint
  /** Owner only (the contract's `auth: 'owner'`, checked by nav.test.tsx). */
  ownerOnly: boolean
}

/** The back office's screens, in the navigation's order. */
export const NAV: readonly NavEntry[] = [
  {
    to: '/dashboard',
    label: 'nav.dashboard',
    icon: ChartIcon,
    endpoint: 'GET /api/admin/dashboard',
    ownerOnly: true,
  },
  {
    to: '/products',
    label: 'nav.products',
    icon: BoxIcon,
    endpoint: 'GET /api/admin/products',
    ownerOnly: true,
  },
  {
    to: '/orders',
    label: 'nav.orders',
    icon: ReceiptIcon,
    endpoint: 'GET /api/admin/orders',
    ownerOnly: false,
  },
  {
    to: '/tickets',
    label: 'nav.tickets',
    icon: ChatIcon,
    endpoint: 'GET /api/admin/tickets',
    ownerOnly: false,
  },
  {
    to: '/payments',
    label: 'nav.payments',
    icon: WalletIcon,
    endpoint: 'GET /api/admin/payments',
    ownerOnly: true,
  },
  {
    to: '/transfers',
    label: 'nav.transfers',
    icon: TransferIcon,
    endpoint: 'GET /api/admin/transfers',
    ownerOnly: true,
  },
  {
    to: '/books',
    label: 'nav.books',
    icon: BookIcon,
    endpoint: 'GET /api/admin/orders/export',
    ownerOnly: true,
  },
  {
    to: '/places',
    label: 'nav.places',
    icon: PinIcon,
    endpoint: 'GET /api/admin/cities',
    ownerOnly: true,
  },
  {
    to: '/coupons',
    label: 'nav.coupons',
    icon: CoinIcon,
    endpoint: 'GET /api/admin/coupons',
    ownerOnly: true,
  },
  {
    to: '/faq',
    label: 'nav.faq',
    icon: QuestionIcon,
    endpoint: 'GET /api/admin/faq',
    ownerOnly: false,
  },
  {
    to: '/customers',
    label: 'nav.customers',
    icon: UserIcon,
    endpoint: 'GET /api/admin/customers',
    ownerOnly: false,
  },
  {
    to: '/categories',
    label: 'nav.categories',
    icon: FolderIcon,
    endpoint: 'GET /api/admin/support/categories',
    ownerOnly: true,
  },
  {
    to: '/staff',
    label: 'nav.staff',
    icon: UsersIcon,
    endpoint: 'GET /api/admin/staff',
    ownerOnly: true,
  },
  {
    to: '/backups',
    label: 'nav.backups',
    icon: ArchiveIcon,
    endpoint: 'GET /api/admin/backups',
    ownerOnly: true,
  },
  {
    to: '/audit',
    label: 'nav.audit',
    icon: ListIcon,
    endpoint: 'GET /api/admin/audit',
    ownerOnly: true,
  },
]

/** The screens a role may open. */
export function navFor(role: StaffRole | undefined): readonly NavEntry[] {
  return NAV.filter((entry) => role === 'owner' || !entry.ownerOnly)
}
