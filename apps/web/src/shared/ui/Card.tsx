import type { HTMLAttributes, ReactNode } from 'react'

interface CardProps extends HTMLAttributes<HTMLElement> {
  /** Renders an <article>, for self-contained items such as a product. */
  as?: 'div' | 'article' | 'section' | 'li'
}

export function Card({ as: Tag = 'div', className = '', ...rest }: CardProps) {
  return (
    <Tag
      className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}
      {...rest}
    />
  )
}

interface CardSectionProps {
  as?: 'section' | 'aside'
  titleId: string
  title: ReactNode
  /** Space under the title (a summary); a form's intro line sits right below it instead. */
  spaced?: boolean
  children: ReactNode
}

/** A titled white card beside a screen's main content: a form or a summary. */
export function CardSection({
  as: Tag = 'section',
  titleId,
  title,
  spaced = false,
  children,
}: CardSectionProps) {
  return (
    <Tag
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={titleId} className={`${spaced ? 'mb-4 ' : ''}font-semibold text-lg text-slate-900`}>
        {title}
      </h2>
      {children}
    </Tag>
  )
}
