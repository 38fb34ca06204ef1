import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../i18n'
import { formatCountdown } from '../format'
import { Countdown } from './Countdown'
import { secondsUntil } from './useCountdown'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-01-01T12:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('countdown (specification section 4)', () => {
  it('formats m:ss', () => {
    expect(formatCountdown(900)).toBe('15:00')
    expect(formatCountdown(905)).toBe('15:05')
    expect(formatCountdown(61)).toBe('1:01')
    expect(formatCountdown(59)).toBe('0:59')
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(-5)).toBe('0:00')
  })

  it('counts whole seconds up to the expiration time', () => {
    const now = Date.parse('2026-01-01T12:00:00Z')
    expect(secondsUntil('2026-01-01T12:15:00Z', now)).toBe(900)
    expect(secondsUntil('2026-01-01T12:00:00.200Z', now)).toBe(1)
    expect(secondsUntil('2026-01-01T11:59:00Z', now)).toBe(0)
    expect(secondsUntil('not a date', now)).toBe(0)
  })

  it('ticks every second, turns red under 60 seconds and fires once at 0', () => {
    const onExpire = vi.fn()
    render(<Countdown expiresAt="2026-01-01T12:01:01Z" onExpire={onExpire} />)
    const timer = screen.getByRole('timer')
    expect(timer).toHaveTextContent('1:01')
    expect(timer).not.toHaveClass('text-red-700')

    act(() => vi.advanceTimersByTime(1_000))
    expect(timer).toHaveTextContent('1:00')
    expect(timer).not.toHaveClass('text-red-700')

    act(() => vi.advanceTimersByTime(1_000))
    expect(timer).toHaveTextContent('0:59')
    expect(timer).toHaveClass('text-red-700')
    expect(onExpire).not.toHaveBeenCalled()

    act(() => vi.advanceTimersByTime(59_000))
    expect(timer).toHaveTextContent('0:00')
    expect(onExpire).toHaveBeenCalledTimes(1)

    act(() => vi.advanceTimersByTime(5_000))
    expect(onExpire).toHaveBeenCalledTimes(1)
  })

  it('fires at once for a payment that has already expired', () => {
    const onExpire = vi.fn()
    render(<Countdown expiresAt="2026-01-01T11:00:00Z" onExpire={onExpire} />)
    expect(screen.getByRole('timer')).toHaveTextContent('0:00')
    expect(onExpire).toHaveBeenCalledTimes(1)
  })
})
