import { useCallback, useRef, useState } from 'react'

/** An item of an edited list with a key of its own, stable while the list is reordered. */
export type Keyed<T> = T & { key: number }

interface ListState<T> {
  items: Keyed<T>[]
  /** The keys of the items as stored (given at the start or to reset). */
  stored: ReadonlySet<number>
}

/**
 * An ordered list edited on screen before it is saved as a whole (the FAQ, the ticket
 * categories): add, change, move up or down, remove, and start again from what is stored.
 */
export function useListEditor<T extends object>(initial: readonly T[]) {
  const next = useRef(0)
  const fromStored = useCallback((list: readonly T[]): ListState<T> => {
    const items = list.map((item) => ({ ...item, key: next.current++ }))
    return { items, stored: new Set(items.map((item) => item.key)) }
  }, [])
  const [state, setState] = useState<ListState<T>>(() => fromStored(initial))
  const { items, stored } = state

  const edit = (change: (list: Keyed<T>[]) => Keyed<T>[]) =>
    setState((current) => ({ ...current, items: change(current.items) }))

  const update = (key: number, change: Partial<T>) =>
    edit((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)))
  const move = (key: number, by: -1 | 1) =>
    edit((list) => {
      const from = list.findIndex((item) => item.key === key)
      const to = from + by
      if (from < 0 || to < 0 || to >= list.length) return list
      const copy = [...list]
      const [moved] = copy.splice(from, 1)
      if (moved) copy.splice(to, 0, moved)
      return copy
    })
  const remove = (key: number) => edit((list) => list.filter((item) => item.key !== key))
  const add = (item: T) => edit((list) => [...list, { ...item, key: next.current++ }])
  const reset = useCallback((list: readonly T[]) => setState(fromStored(list)), [fromStored])

  /** How many of the stored items have been removed on screen. */
  const removedCount = stored.size - items.filter((item) => stored.has(item.key)).length

  return { items, update, move, remove, add, reset, removedCount }
}

/** The items without their on-screen keys, as they are sent. */
export function unkeyed<T extends object>(items: readonly Keyed<T>[]): T[] {
  return items.map(({ key: _key, ...item }) => item as unknown as T)
}
