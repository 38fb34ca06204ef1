import { useEffect, useRef, useState } from 'react'
import { COUNTDOWN_TICK_MS } from '../config'

/** Whole seconds from `now` until `expiresAt` (rounded up, never below 0; 0 for an invalid date). */
export function secondsUntil(expiresAt: string | number | Date, now: number): number {
  const target = new Date(expiresAt).getTime()
  if (Number.isNaN(target)) return 0
  return Math.max(0, Math.ceil((target - now) / 1000))
}

/**
 * Seconds left until `expiresAt`, ticking every second. `onExpire` runs once when it reaches 0.
 */
export function useCountdown(expiresAt: string | number | Date, onExpire?: () => void): number {
  const [now, setNow] = useState(() => Date.now())
  const onExpireRef = useRef(onExpire)
  const fired = useRef(false)

  useEffect(() => {
    onExpireRef.current = onExpire
  })

  // A new expiration time restarts the clock (and may fire onExpire again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when expiresAt changes
  useEffect(() => {
    fired.current = false
    setNow(Date.now())
    const id = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS)
    return () => clearInterval(id)
  }, [expiresAt])

  const seconds = secondsUntil(expiresAt, now)

  useEffect(() => {
    if (seconds === 0 && !fired.current) {
      fired.current = true
      onExpireRef.current?.()
    }
  }, [seconds])

  return seconds
}
