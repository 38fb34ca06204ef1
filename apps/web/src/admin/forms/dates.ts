// <input type="datetime-local"> speaks local wall-clock time ("2026-03-05T14:30"); the API speaks
// RFC 3339 instants. These convert between the two in the browser's time zone.

const pad = (value: number) => String(value).padStart(2, '0')

/** An instant as the value of a datetime-local field, in local time. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  )
}

/** A datetime-local value as an instant; '' -> null (no date), unreadable -> undefined. */
export function localInputToIso(value: string): string | null | undefined {
  if (!value.trim()) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}
