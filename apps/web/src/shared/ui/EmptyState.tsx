import type { ReactNode } from 'react'

interface EmptyStateProps {
  title: ReactNode
  text?: ReactNode
  action?: ReactNode
  icon?: ReactNode
}

export function EmptyState({ title, text, action, icon }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-slate-300 border-dashed bg-slate-50 px-6 py-12 text-center">
      {icon ? (
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-white text-slate-500 shadow-sm ring-1 ring-slate-200">
          {icon}
        </span>
      ) : null}
      <p className="font-semibold text-lg text-slate-900">{title}</p>
      {text ? <p className="mt-1 max-w-md text-slate-600">{text}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  )
}
