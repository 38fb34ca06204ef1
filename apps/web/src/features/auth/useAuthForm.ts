import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { useTranslation } from '../../shared/i18n'

type Values<F extends string> = Record<F, string>
/** i18n keys of the fields' messages. */
type Errors<F extends string> = Partial<Record<F, string>>

/**
 * The state of the login and register forms: values, a message per field (cleared when the
 * field is edited), the server's answer, and the check on submit that focuses the first field in
 * error. `fields` lists the fields in screen order.
 */
export function useAuthForm<F extends string>(
  fields: readonly F[],
  validate: (values: Values<F>) => Errors<F>,
) {
  const { t } = useTranslation()
  const [values, setValues] = useState(
    () => Object.fromEntries(fields.map((name) => [name, ''])) as Values<F>,
  )
  const [errors, setErrors] = useState<Errors<F>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const inputs = useRef<Partial<Record<F, HTMLInputElement | null>>>({})

  const focus = (name: F) => inputs.current[name]?.focus()

  /** Shows a field's message (an i18n key) and, when asked, moves to the field. */
  const showError = (name: F, key: string, options: { focus?: boolean; keep?: boolean } = {}) => {
    setErrors((current) => (options.keep && current[name] ? current : { ...current, [name]: key }))
    if (options.focus) focus(name)
  }

  /** The props of a field: its label (auth.fields.<name>), name, value, ref and message. */
  const field = (name: F) => ({
    label: t(`auth.fields.${name}`),
    name,
    value: values[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target
      setValues((current) => ({ ...current, [name]: value }))
      setErrors((current) => ({ ...current, [name]: undefined }))
      setServerError(null)
    },
    error: errors[name] ? t(errors[name]) : null,
  })

  /** On submit: true when the values may be sent; otherwise shows why and focuses the first. */
  const check = (event: FormEvent): boolean => {
    event.preventDefault()
    const found = validate(values)
    setErrors(found)
    const first = fields.find((name) => found[name])
    if (first) {
      focus(first)
      return false
    }
    setServerError(null)
    return true
  }

  return { values, field, check, showError, serverError, setServerError }
}
