import type { ReactNode } from 'react'

/**
 * A list as a table in a white card. Below the md breakpoint each row becomes a small card: the
 * first cell on top, then one line per cell with its column's name (`label`) beside the value.
 */
export function Table({
  caption,
  head,
  children,
}: {
  caption: string
  head: ReactNode
  children: ReactNode
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto">
      <table className="w-full text-left text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-slate-200 border-b bg-slate-50 text-slate-600 text-xs uppercase tracking-wide max-md:hidden">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block">{children}</tbody>
      </table>
    </div>
  )
}

export function Th({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`px-4 py-3 font-semibold ${className}`}>
      {children}
    </th>
  )
}

export function Tr({ children }: { children: ReactNode }) {
  return <tr className="hover:bg-slate-50 max-md:block max-md:px-4 max-md:py-3">{children}</tr>
}

const labelled =
  'max-md:flex max-md:items-start max-md:justify-between max-md:gap-4 max-md:py-0.5 max-md:text-right ' +
  'max-md:before:shrink-0 max-md:before:text-left max-md:before:font-medium max-md:before:text-slate-500 ' +
  'max-md:before:content-[attr(data-label)]'

/** A cell; `label` names its column on a phone, where the header row is not shown. */
export function Td({
  children,
  className = '',
  label,
}: {
  children?: ReactNode
  className?: string
  label?: string
}) {
  return (
    <td
      data-label={label}
      className={`align-top text-slate-700 md:px-4 md:py-3 ${label ? labelled : 'max-md:block max-md:py-1'} ${className}`}
    >
      {label ? <div className="max-md:min-w-0">{children}</div> : children}
    </td>
  )
}
