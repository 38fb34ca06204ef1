import { type ComponentProps, type FormEvent, useEffect, useRef, useState } from 'react'
import { TextField } from './Field'

/** How long typing pauses before the search runs: long enough not to search every letter. */
export const SEARCH_DEBOUNCE_MS = 300

type SearchFieldProps = Omit<
  ComponentProps<typeof TextField>,
  'value' | 'onChange' | 'onBlur' | 'type'
> & {
  /** The search that is applied now (it may change from outside: a link, the back button). */
  value: string
  /** Called with the trimmed text once typing pauses, on Enter and on leaving the field. */
  onSearch: (q: string) => void
  formClassName?: string
}

/** A search box that searches as one types (debounced); Enter searches at once. */
export function SearchField({ value, onSearch, formClassName, ...field }: SearchFieldProps) {
  const [draft, setDraft] = useState(value)
  const applied = useRef(value)
  const latest = useRef(onSearch)
  latest.current = onSearch

  // The field follows a search changed from outside.
  useEffect(() => {
    applied.current = value
    setDraft((current) => (current.trim() === value ? current : value))
  }, [value])

  // Refs only: the pending search survives a new onSearch from each render of the page.
  const apply = useRef((text: string) => {
    const q = text.trim()
    if (q === applied.current) return
    applied.current = q
    latest.current(q)
  }).current

  useEffect(() => {
    const timer = setTimeout(() => apply(draft), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft, apply])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    apply(draft)
  }

  return (
    <form onSubmit={onSubmit} className={formClassName}>
      <TextField
        {...field}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => apply(draft)}
      />
    </form>
  )
}
