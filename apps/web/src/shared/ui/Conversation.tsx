import { type FormEvent, type ReactNode, useState } from 'react'
import { useFormat } from '../i18n/useFormat'
import { Button } from './Button'
import { TextAreaField } from './Field'
import { Separator } from './Separator'

interface Message {
  id: number
  created_at: string
  text: string
}

/**
 * A ticket's messages, oldest first, as speech bubbles: the reader's own side (`onRight`) on the
 * right, the other side's on the left, each under its author and time.
 */
export function MessageList<M extends Message>({
  label,
  messages,
  onRight,
  author,
  width,
}: {
  label: string
  messages: readonly M[]
  onRight: (message: M) => boolean
  author: (message: M) => ReactNode
  /** How wide a bubble may grow, a Tailwind max-width class. */
  width: string
}) {
  const format = useFormat()
  return (
    <ol className="flex flex-col gap-3" aria-label={label}>
      {messages.map((message) => (
        <li
          key={message.id}
          className={`${width} rounded-2xl px-4 py-3 ${
            onRight(message)
              ? 'self-end rounded-br-sm bg-emerald-50 ring-1 ring-emerald-200'
              : 'self-start rounded-bl-sm bg-slate-100 ring-1 ring-slate-200'
          }`}
        >
          <p className="font-semibold text-slate-700 text-xs">
            {author(message)}
            <Separator />
            <time dateTime={message.created_at} className="font-normal text-slate-600">
              {format.dateTime(message.created_at)}
            </time>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-900 text-sm">
            {message.text}
          </p>
        </li>
      ))}
    </ol>
  )
}

/** The reply being written and why it was refused; typing clears the refusal. */
export function useReplyDraft() {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const change = (next: string) => {
    setText(next)
    setError(null)
  }
  return { text, setText, error, setError, change }
}

/** The box under a ticket's messages to write the next one; the form checks it on submit. */
export function ReplyBox({
  label,
  hint,
  rows,
  maxLength,
  draft,
  onSubmit,
  sending,
  sendLabel,
}: {
  label: string
  hint?: string
  rows: number
  maxLength: number
  draft: ReturnType<typeof useReplyDraft>
  onSubmit: (event: FormEvent) => void
  sending: boolean
  sendLabel: string
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 border-slate-200 border-t pt-4"
    >
      <TextAreaField
        label={label}
        hint={hint}
        rows={rows}
        value={draft.text}
        maxLength={maxLength}
        onChange={(event) => draft.change(event.target.value)}
        error={draft.error}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={sending}>
          {sendLabel}
        </Button>
      </div>
    </form>
  )
}
