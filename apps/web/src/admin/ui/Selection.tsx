import { type ReactNode, useState } from 'react'
import { Button } from '../../shared/ui/Button'

/** The keys of the rows ticked in a list, for an action on all of them. */
export function useSelection<Key>() {
  const [keys, setKeys] = useState<Key[]>([])
  return {
    keys,
    has: (key: Key) => keys.includes(key),
    toggle: (key: Key, on: boolean) =>
      setKeys((current) => (on ? [...current, key] : current.filter((k) => k !== key))),
    clear: () => setKeys([]),
  }
}

/** The tick box in front of a row that can be selected. */
export function SelectBox({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <input
      type="checkbox"
      className="mr-2 size-4 align-middle accent-emerald-700"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      aria-label={label}
    />
  )
}

/**
 * The bar above a list with rows ticked: how many, the actions on them (children), clear, and
 * what follows the buttons (`after`: a warning, the action's dialog).
 */
export function SelectionBar({
  summary,
  clearLabel,
  onClear,
  children,
  after,
}: {
  summary: string
  clearLabel: string
  onClear: () => void
  children: ReactNode
  after?: ReactNode
}) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3">
      <p className="text-slate-700 text-sm">{summary}</p>
      {children}
      <Button variant="ghost" onClick={onClear}>
        {clearLabel}
      </Button>
      {after}
    </div>
  )
}
