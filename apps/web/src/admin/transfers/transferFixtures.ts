import type { AdminTransfer, MoneyStatus } from '@shop/contract'

export const SIGNATURE = `5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW`

/** An unmatched SOL transfer with one claim; `overrides` change any field. */
export function transfer(overrides: Partial<AdminTransfer> = {}): AdminTransfer {
  return {
    signature: SIGNATURE,
    instruction_index: 2,
    slot: '4242',
    block_time: '2026-03-02T10:15:00.000Z',
    seen_at: '2026-03-02T10:15:02.000Z',
    lamports: '123456789',
    sol: 0.123456789,
    currency: 'SOL',
    token_mint: null,
    token_amount: '123456789',
    sender: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    status: 'unmatched',
    note: '',
    rate_eur_per_sol: 150,
    value_eur: 18.51,
    payment_code: null,
    assigned_to: null,
    resolved_by: null,
    resolved_at: null,
    claims: [
      { username: 'ona_k', payment_code: 'P-7K3M9Q2A', created_at: '2026-03-02T10:20:00.000Z' },
    ],
    ...overrides,
  }
}

/** The money screens' status: fresh rates, USDC taken, the watcher up to date. */
export const status: MoneyStatus = {
  rate: {
    eur_per_sol: 150,
    source: 'coingecko',
    fetched_at: '2026-03-02T10:30:00.000Z',
    age_seconds: 40,
    max_age_seconds: 600,
    last_error: null,
  },
  usdc: {
    accepted: true,
    mint: 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr',
    eur_per_usdc: 0.92,
    source: 'fixed',
    fetched_at: '2026-03-02T10:30:00.000Z',
    age_seconds: 40,
    last_error: null,
  },
  watcher: {
    enabled: true,
    last_slot: '123456',
    read_through: '2026-03-02T10:30:00.000Z',
    lag_seconds: 3,
    last_pass_at: '2026-03-02T10:30:01.000Z',
    last_error: null,
  },
  unmatched_transfers: 1,
}
