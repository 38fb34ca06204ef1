import type { AuditEntry } from '@shop/contract'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { owner, renderAdmin, signInStaff } from '../test/render'

afterEach(async () => {
  await i18n.changeLanguage('en')
})

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  staff_id: 1,
  staff_username: 'owner',
  action: 'product.codes',
  entity: 'product',
  entity_id: '7',
  summary: '3 codes added, stock 24 → 27',
  params: { count: 3, from: 24, to: 27 },
  created_at: '2026-01-10T10:00:00.000Z',
  ...overrides,
})

const entries: AuditEntry[] = [
  entry({}),
  entry({
    id: 2,
    action: 'customer.balance',
    entity: 'customer',
    entity_id: '12',
    summary: 'ana: −2.25 EUR: Duplicate refund',
    params: { username: 'ana', change_eur: -2.25, reason: 'Duplicate refund' },
  }),
  entry({
    id: 3,
    action: 'coupon.update',
    entity: 'coupon',
    entity_id: '3',
    summary: 'WELCOME10: active, max_redemptions changed',
    params: {
      code: 'WELCOME10',
      changes: [
        { field: 'active', from: true, to: false },
        { field: 'max_redemptions', from: null, to: 100 },
      ],
    },
  }),
  // Written before entries had params: its English summary is all there is.
  entry({ id: 4, action: 'faq.update', entity: 'faq', summary: '4 questions', params: null }),
]

describe('audit log', () => {
  it('words every entry in Lithuanian from its action and values', async () => {
    await i18n.changeLanguage('lt')
    signInStaff(owner)
    mockApi({ ...me(owner), 'GET /api/admin/audit': () => ({ entries, total: 4 }) })
    renderAdmin('/audit')
    expect(await screen.findByText('Pridėta kodų: 3, atsargos 24 → 27')).toBeInTheDocument()
    expect(screen.getByText('Pridėti kodai')).toBeInTheDocument()
    expect(screen.getByText('ana: −2,25 €: Duplicate refund')).toBeInTheDocument()
    expect(screen.getByText('Balansas pakoreguotas')).toBeInTheDocument()
    expect(
      screen.getByText('WELCOME10: aktyvus: taip → ne; panaudojimų iš viso: nėra → 100'),
    ).toBeInTheDocument()
    expect(screen.getByText('4 questions')).toBeInTheDocument()
    expect(screen.queryByText('customer.balance')).not.toBeInTheDocument()
    expect(screen.queryByText(/codes added/)).not.toBeInTheDocument()
  })

  it('and in English', async () => {
    signInStaff(owner)
    mockApi({ ...me(owner), 'GET /api/admin/audit': () => ({ entries, total: 4 }) })
    renderAdmin('/audit')
    expect(await screen.findByText('3 codes added, stock 24 → 27')).toBeInTheDocument()
    expect(screen.getByText('Balance corrected')).toBeInTheDocument()
    expect(screen.getByText('ana: −€2.25: Duplicate refund')).toBeInTheDocument()
  })
})
