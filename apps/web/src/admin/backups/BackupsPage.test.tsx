import type { BackupList } from '@shop/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import i18n from '../../shared/i18n'
import { apiError, json, mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { owner, renderAdmin, signInStaff } from '../test/render'

const NAME = 'shop-20260330T030000.000Z.backup'

const list = (overrides: Partial<BackupList['status']> = {}): BackupList => ({
  backups: [
    { name: NAME, size_bytes: 14_200_000, created_at: '2026-03-30T03:00:00.000Z' },
    {
      name: 'shop-20260329T030000.000Z.backup',
      size_bytes: 812_000,
      created_at: '2026-03-29T03:00:00.000Z',
    },
  ],
  status: {
    last_backup_at: '2026-03-30T03:00:00.000Z',
    last_failure_at: null,
    last_failure: null,
    interval_hours: 24,
    encrypted: true,
    warning: 'none',
    ...overrides,
  },
})

afterEach(async () => {
  await i18n.changeLanguage('en')
})

describe('backups', () => {
  it('lists the backups newest first with their sizes, and takes one now', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/backups': () => list(),
      'POST /api/admin/backups': () =>
        json(201, { name: NAME, size_bytes: 1, created_at: '2026-03-30T03:00:00.000Z' }),
    })
    renderAdmin('/backups')
    const rows = await screen.findAllByRole('row')
    expect(rows[1]).toHaveTextContent(`${NAME}14.2 MB`)
    expect(rows[2]).toHaveTextContent('812 kB')
    expect(screen.getByRole('region', { name: 'Backups' })).toHaveTextContent('Up to date')
    expect(screen.getByRole('region', { name: 'Backups' })).toHaveTextContent(
      'encrypted with BACKUP_KEY',
    )
    await user.click(screen.getByRole('button', { name: 'Back up now' }))
    expect(await screen.findByText(`Backup ${NAME} written.`)).toBeInTheDocument()
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url) === '/api/admin/backups' && init?.method === 'POST',
      ),
    ).toBe(true)
  })

  it('downloads a backup with the staff token', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const createObjectURL = vi.fn(() => 'blob:backup')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/backups': () => list(),
      [`GET /api/admin/backups/${NAME}`]: () =>
        new Response('age-encryption.org/v1', {
          headers: { 'content-type': 'application/octet-stream' },
        }),
    })
    renderAdmin('/backups')
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement
    await user.click(within(row).getByRole('button', { name: 'Download' }))
    await waitFor(() => expect(click).toHaveBeenCalled())
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(NAME))
    expect(new Headers(call?.[1]?.headers).get('authorization')).toMatch(/^Bearer /)
    expect(createObjectURL).toHaveBeenCalledTimes(1)
    click.mockRestore()
  })

  it('says why the last attempt failed, and a refusal of "Back up now", in Lithuanian', async () => {
    const user = userEvent.setup({ delay: null })
    await i18n.changeLanguage('lt')
    signInStaff(owner)
    mockApi({
      ...me(owner),
      'GET /api/admin/backups': () =>
        list({
          warning: 'failed',
          last_failure_at: '2026-03-31T03:00:00.000Z',
          last_failure: 'ENOSPC: no space left on device',
        }),
      'POST /api/admin/backups': () =>
        apiError(409, 'BACKUP_IN_PROGRESS', 'A backup is being taken right now.'),
    })
    renderAdmin('/backups')
    const card = await screen.findByRole('region', { name: 'Atsarginės kopijos' })
    expect(card).toHaveTextContent('Nepavyko')
    expect(card).toHaveTextContent('ENOSPC: no space left on device')
    expect(card).toHaveTextContent('Paskutinis bandymas nepavyko')
    await user.click(screen.getByRole('button', { name: 'Padaryti kopiją dabar' }))
    expect(await screen.findByText(/Šiuo metu daroma atsarginė kopija/)).toBeInTheDocument()
  })
})
