import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callsTo, mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { fill, renderAdmin, signInStaff, support } from '../test/render'

const item = (n: number) => ({
  question_en: `Question ${n}?`,
  answer_en: `Answer ${n}.`,
  question_lt: `Klausimas ${n}?`,
  answer_lt: `Atsakymas ${n}.`,
})

describe('FAQ editor', () => {
  it('saves the questions in the order on screen', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(support)
    const fetchMock = mockApi({
      ...me(support),
      'GET /api/admin/faq': () => ({ items: [item(1), item(2), item(3)] }),
      'PUT /api/admin/faq': ({ body }) => body,
    })
    renderAdmin('/faq')
    const save = await screen.findByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Move Question 3 up' }))
    await user.click(screen.getByRole('button', { name: 'Move Question 1 down' }))
    await user.click(screen.getByRole('button', { name: 'Add a question' }))
    const fourth = screen.getByRole('heading', { name: 'Question 4' }).closest('li') as HTMLElement
    await fill(user, within(fourth).getByLabelText('Question in English'), 'Do you ship abroad?')
    await fill(user, within(fourth).getByLabelText('Answer in English'), 'No.')
    await fill(
      user,
      within(fourth).getByLabelText('Question in Lithuanian'),
      'Ar siunčiate į užsienį?',
    )
    await fill(user, within(fourth).getByLabelText('Answer in Lithuanian'), 'Ne.')
    await user.click(save)

    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/admin/faq')).toHaveLength(1))
    expect(callsTo(fetchMock, 'PUT /api/admin/faq')[0]).toEqual({
      items: [
        item(3),
        item(1),
        item(2),
        {
          question_en: 'Do you ship abroad?',
          answer_en: 'No.',
          question_lt: 'Ar siunčiate į užsienį?',
          answer_lt: 'Ne.',
        },
      ],
    })
    // The saved list is the new start: nothing left to save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled())
  })

  it('marks an incomplete question, and asks before removing stored ones', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(support)
    const fetchMock = mockApi({
      ...me(support),
      'GET /api/admin/faq': () => ({ items: [item(1), item(2)] }),
      'PUT /api/admin/faq': ({ body }) => body,
    })
    renderAdmin('/faq')
    await user.click(await screen.findByRole('button', { name: 'Add a question' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      screen.getByText('Some questions are incomplete. Fill in the marked fields.'),
    ).toBeInTheDocument()
    const third = screen.getByRole('heading', { name: 'Question 3' }).closest('li') as HTMLElement
    expect(within(third).getByLabelText('Question in English')).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(callsTo(fetchMock, 'PUT /api/admin/faq')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Remove Question 3' }))
    await user.click(screen.getByRole('button', { name: 'Remove Question 1' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'Save and remove questions?' })
    expect(dialog).toHaveTextContent('Questions removed: 1.')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT /api/admin/faq')).toEqual([{ items: [item(2)] }]),
    )
  })
})
