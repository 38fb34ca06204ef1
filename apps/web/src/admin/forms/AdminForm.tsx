import type { FormEvent, ReactNode } from 'react'
import { Alert } from '../../shared/ui/Alert'
import type { useForm } from './useForm'

/**
 * A back-office form: checked by its page against the contract (so not by the browser), with the
 * message for the whole form (the server's answer) above its fields.
 */
export function AdminForm({
  form,
  onSubmit,
  className = 'flex flex-col gap-4',
  children,
}: {
  form: Pick<ReturnType<typeof useForm>, 'ref' | 'formError'>
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  className?: string
  children: ReactNode
}) {
  return (
    <form ref={form.ref} noValidate className={className} onSubmit={onSubmit}>
      {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
      {children}
    </form>
  )
}
