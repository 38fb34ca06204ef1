import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import i18n from '../i18n'
import { Pager, pageCountOf } from './Pager'

describe('pager', () => {
  it('counts the pages a total fills, at least one', () => {
    expect(pageCountOf(0, 20)).toBe(1)
    expect(pageCountOf(20, 20)).toBe(1)
    expect(pageCountOf(21, 20)).toBe(2)
    expect(pageCountOf(60, 20)).toBe(3)
  })

  it('says "Page 2 of 3" and disables Next on the last page', async () => {
    const user = userEvent.setup()
    const onNext = vi.fn()
    const onPrevious = vi.fn()
    const { rerender } = render(
      <Pager page={2} pageCount={3} onNext={onNext} onPrevious={onPrevious} label="Pages" />,
    )
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(onNext).toHaveBeenCalledTimes(1)
    expect(onPrevious).toHaveBeenCalledTimes(1)

    rerender(<Pager page={3} pageCount={3} onNext={onNext} onPrevious={onPrevious} label="Pages" />)
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it('hides itself for a single page, and keeps its label on one line in Lithuanian', async () => {
    const { rerender } = render(
      <Pager page={1} pageCount={1} onNext={vi.fn()} onPrevious={vi.fn()} label="Pages" />,
    )
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
    await i18n.changeLanguage('lt')
    rerender(<Pager page={1} pageCount={2} onNext={vi.fn()} onPrevious={vi.fn()} label="Pages" />)
    expect(screen.getByText('1 puslapis iš 2')).toHaveClass('whitespace-nowrap')
    // On a phone the buttons show their arrows only; their names stay for screen readers.
    expect(screen.getByRole('button', { name: 'Kitas' })).toBeInTheDocument()
    expect(screen.getByText('Kitas')).toHaveClass('sr-only', 'sm:not-sr-only')
  })

  it('without a page count, pages by whether a next page exists (the back office)', () => {
    render(<Pager page={4} hasNext onNext={vi.fn()} onPrevious={vi.fn()} label="Pages" />)
    expect(screen.getByText('Page 4')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })
})
