import { type ComponentProps, type ReactNode, useId } from 'react'

const controlBase =
  'block w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm transition-colors ' +
  'placeholder:text-slate-400 focus:outline-none focus:ring-2 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm'

/** The border and focus ring: red while the field has an error, focused or not. */
const tone = {
  valid: 'border-slate-300 focus:border-emerald-600 focus:ring-emerald-600/30',
  invalid: 'border-red-500 focus:border-red-600 focus:ring-red-600/30',
}

/** What every field adds to its control: a label, a hint and an error message. */
interface FieldOwnProps {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  /** Hides the label visually (it stays the control's accessible name). */
  hideLabel?: boolean
  id?: string
  wrapperClassName?: string
}

type FieldProps<Tag extends 'input' | 'select' | 'textarea'> = Omit<ComponentProps<Tag>, 'id'> &
  FieldOwnProps

/** The attributes that tie a control to its label, hint and error. */
interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  className: string
}

/**
 * A visible label, the control, a hint and the field's error message. `control` renders the
 * control with the attributes that tie it to the rest; `size` holds the control's own classes.
 */
function Field({
  label,
  error,
  hint,
  hideLabel,
  id,
  wrapperClassName,
  size,
  className = '',
  control,
}: FieldOwnProps & {
  size: string
  className?: string
  control: (props: ControlProps) => ReactNode
}) {
  const generated = useId()
  const fieldId = id ?? generated
  const border = error ? tone.invalid : tone.valid
  return (
    <div className={wrapperClassName}>
      <label
        htmlFor={fieldId}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block font-medium text-slate-800 text-sm'}
      >
        {label}
      </label>
      {control({
        id: fieldId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined,
        className: `${controlBase} ${border} ${size} ${className}`.trim(),
      })}
      {hint && !error ? (
        <p id={`${fieldId}-hint`} className="mt-1.5 text-slate-500 text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} className="mt-1.5 font-medium text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  )
}

const FIELD_KEYS = new Set([
  'label',
  'error',
  'hint',
  'hideLabel',
  'id',
  'wrapperClassName',
  'className',
])

/** Splits a field's props into the field's own and the control's. */
function split<P extends FieldOwnProps & { className?: string }>(props: P) {
  const field: Record<string, unknown> = {}
  const control: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(props)) {
    ;(FIELD_KEYS.has(key) ? field : control)[key] = value
  }
  return [
    field as unknown as FieldOwnProps & { className?: string },
    control as Omit<P, keyof FieldOwnProps | 'className'>,
  ] as const
}

export function TextField(props: FieldProps<'input'>) {
  const [field, rest] = split(props)
  return <Field {...field} size="h-11 sm:h-10" control={(tie) => <input {...tie} {...rest} />} />
}

export function SelectField(props: FieldProps<'select'>) {
  const [field, rest] = split(props)
  return (
    <Field {...field} size="h-11 pr-8 sm:h-10" control={(tie) => <select {...tie} {...rest} />} />
  )
}

export function TextAreaField(props: FieldProps<'textarea'>) {
  const [field, rest] = split(props)
  return (
    <Field {...field} size="min-h-28 py-2" control={(tie) => <textarea {...tie} {...rest} />} />
  )
}
