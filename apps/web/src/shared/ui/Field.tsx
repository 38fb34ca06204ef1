import { type ComponentProps, type ReactNode, useId } from 'react'

const controlBase =
  'block w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm transition-colors ' +
  'placeholder:text-slate-400 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm'

function controlClass(invalid: boolean, extra = ''): string {
  return `${controlBase} ${invalid ? 'border-red-500' : 'border-slate-300'} ${extra}`.trim()
}

interface FieldShellProps {
  id: string
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  /** Hides the label visually (it stays the control's accessible name). */
  hideLabel?: boolean
  className?: string
  children: ReactNode
}

/** A visible label, the control, a hint and the field's error message. */
function FieldShell({
  id,
  label,
  error,
  hint,
  hideLabel,
  className = '',
  children,
}: FieldShellProps) {
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block font-medium text-slate-800 text-sm'}
      >
        {label}
      </label>
      {children}
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

function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`
  if (hint) return `${id}-hint`
  return undefined
}

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  hideLabel?: boolean
  id?: string
  wrapperClassName?: string
}

export function TextField({
  label,
  error,
  hint,
  hideLabel,
  id,
  wrapperClassName,
  className = '',
  ...rest
}: TextFieldProps) {
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <FieldShell
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      className={wrapperClassName}
    >
      <input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={controlClass(Boolean(error), `h-11 sm:h-10 ${className}`)}
        {...rest}
      />
    </FieldShell>
  )
}

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  hideLabel?: boolean
  id?: string
  wrapperClassName?: string
}

export function SelectField({
  label,
  error,
  hint,
  hideLabel,
  id,
  wrapperClassName,
  className = '',
  children,
  ...rest
}: SelectFieldProps) {
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <FieldShell
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      className={wrapperClassName}
    >
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={controlClass(Boolean(error), `h-11 pr-8 sm:h-10 ${className}`)}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  )
}

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  hideLabel?: boolean
  id?: string
  wrapperClassName?: string
}

export function TextAreaField({
  label,
  error,
  hint,
  hideLabel,
  id,
  wrapperClassName,
  className = '',
  ...rest
}: TextAreaFieldProps) {
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <FieldShell
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      className={wrapperClassName}
    >
      <textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={controlClass(Boolean(error), `min-h-28 py-2 ${className}`)}
        {...rest}
      />
    </FieldShell>
  )
}
