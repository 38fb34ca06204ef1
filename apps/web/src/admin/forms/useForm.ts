import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react'
import type { TSchema } from 'typebox'
import { invalidFields } from './validate'

type FormValues = Record<string, string | boolean>
type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string

/**
 * A back-office form: its values, one message per field (cleared when the field is edited) and a
 * message for the whole form (the server's answer). `check` asks the contract's schema about the
 * body about to be sent and shows `messageFor(field)` beside each field it refuses.
 */
export function useForm<V extends FormValues>(initial: V) {
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  /** The form element (`<form ref={form.ref}>`), to move to a field the server refused. */
  const ref = useRef<HTMLFormElement>(null)

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrors((current) => ({ ...current, [name]: undefined }))
    setFormError(null)
  }, [])

  /** The props of a text field bound to `name`. */
  const text = (name: StringKeys<V>) => ({
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(name, event.target.value as V[typeof name]),
    error: errors[name] ?? null,
  })

  /** Shows a message beside one field (e.g. the server's CODE_TAKEN) and moves to it. */
  const fieldError = (name: keyof V & string, message: string) => {
    setErrors((current) => ({ ...current, [name]: message }))
    const control = ref.current?.elements.namedItem(name)
    if (control instanceof HTMLElement) control.focus()
  }

  /**
   * On submit: true when `schema` accepts `body` and no field has an `extra` message (a check the
   * schema cannot make, such as an unreadable amount). Otherwise shows why and focuses the first
   * field in error.
   */
  const check = (
    event: FormEvent<HTMLFormElement>,
    schema: TSchema,
    body: unknown,
    messageFor: (field: string) => string,
    extra: Partial<Record<keyof V & string, string>> = {},
  ): boolean => {
    event.preventDefault()
    const found: Partial<Record<keyof V & string, string>> = {}
    for (const path of invalidFields(schema, body)) {
      const name = path.split('.')[0] as keyof V & string
      if (name in values) found[name] ??= messageFor(name)
    }
    for (const [name, message] of Object.entries(extra)) {
      if (message) found[name as keyof V & string] = message as string
    }
    setErrors(found)
    const first = Object.keys(values).find((name) => found[name as keyof V & string])
    if (first) {
      const control = event.currentTarget.elements.namedItem(first)
      if (control instanceof HTMLElement) control.focus()
      else if (control instanceof RadioNodeList) (control[0] as HTMLElement | undefined)?.focus()
      return false
    }
    setFormError(null)
    return true
  }

  const reset = useCallback((next: V) => {
    setValues(next)
    setErrors({})
    setFormError(null)
  }, [])

  return { ref, values, set, text, errors, fieldError, formError, setFormError, check, reset }
}
