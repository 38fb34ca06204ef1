import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { owner, renderAdmin, signInStaff } from '../test/render'
import { status, transfer } from './transferFixtures'

const MINT = 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr'
const LOOKALIKE = 'Fake1111111111111111111111111111111111111111'

describe('transfers in USDC and in tokens the shop does not count (docs/usdc.md)', () => {
  it('shows each in its currency, a look-alike token by its mint, and USDC beside the SOL rate', async () => {
    signInStaff(owner)
    mockApi({
      ...me(owner),
      'GET /api/admin/watcher': () => status,
      'GET /api/admin/transfers': () => ({
        transfers: [
          transfer({
            signature: 'UsdcSig1111111111111111111111111111111111111111111111111111111111',
            lamports: '0',
            sol: 0,
            currency: 'USDC',
            token_mint: MINT,
            token_amount: '54350000',
            rate_eur_per_sol: 0.92,
            value_eur: 50,
          }),
          transfer({
            signature: 'FakeSig1111111111111111111111111111111111111111111111111111111111',
            lamports: '0',
            sol: 0,
            currency: null,
            token_mint: LOOKALIKE,
            token_amount: '54350000',
            rate_eur_per_sol: null,
            value_eur: null,
          }),
        ],
        total: 2,
      }),
    })
    renderAdmin('/transfers')
    const usdc = await screen.findByRole('row', { name: /UsdcSi/ })
    expect(usdc).toHaveTextContent('54.35 USDC')
    expect(usdc).toHaveTextContent('€50.00 at €0.92 per USDC')
    const fake = screen.getByRole('row', { name: /FakeSi/ })
    expect(fake).toHaveTextContent('54,350,000 units of an unknown token (Fake11…111111)')
    expect(fake).not.toHaveTextContent('USDC')
    const usdcCard = (await screen.findByRole('heading', { name: 'USDC' })).closest('section')
    if (!usdcCard) throw new Error('no USDC card')
    expect(within(usdcCard).getByText('Accepted')).toBeInTheDocument()
    expect(usdcCard).toHaveTextContent('€0.9200')
  })
})
