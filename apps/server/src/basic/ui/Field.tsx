// A labelled form control with its hint and error, as the app's fields draw them
// (apps/web/src/shared/ui/Field.tsx): the error is tied to the control for assistive technology.
import type { ReactNode } from 'react'

const controlBase =
  'block w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:outline-none focus:ring-2 sm:text-sm'
const tone = {
  valid: 'border-slate-300 focus:border-emerald-600 focus:ring-emerald-600/30',
  invalid: 'border-red-500 focus:border-red-600 focus:ring-red-600/30',
}

interface FieldProps {
  id: string
  name: string
  label: string
  type?: 'text' | 'password' | 'search' | 'number'
  value?: string
  error?: string | undefined
  hint?: ReactNode
  autoComplete?: string
  required?: boolean
  maxLength?: number
  inputMode?: 'numeric' | 'decimal' | 'text'
}

export function TextField({ id, label, error, hint, value, type = 'text', ...input }: FieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-medium text-slate-800 text-sm">
        {label}
      </label>
      <input
        id={id}
        type={type}
        {...input}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoCapitalize={type === 'password' ? undefined : 'none'}
        spellCheck={false}
        className={`${controlBase} ${error ? tone.invalid : tone.valid} h-11`}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1.5 text-slate-500 text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 font-medium text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The message at the top of a form (what the server refused), announced when the page loads. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null
  return (
    <p
      role="alert"
      className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-medium text-red-800 text-sm"
    >
      {message}
    </p>
  )
}
