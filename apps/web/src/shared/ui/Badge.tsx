import type { ReactNode } from 'react'

export type BadgeTone = 'green' | 'red' | 'grey' | 'blue' | 'amber'

const tones: Record<BadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  blue: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  amber: 'bg-amber-100 text-amber-900 ring-amber-600/20',
}

interface BadgeProps {
  tone: BadgeTone
  children: ReactNode
  className?: string
}

/** A small status label. The colour is never the only signal: the text names the status. */
export function Badge({ tone, children, className = '' }: BadgeProps) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  )
}
