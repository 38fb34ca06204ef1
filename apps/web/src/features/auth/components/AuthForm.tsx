import type { FormEvent, ReactNode } from 'react'
import { Alert } from '../../../shared/ui/Alert'
import { Button } from '../../../shared/ui/Button'

interface AuthFormProps {
  onSubmit: (event: FormEvent) => void
  /** The server's refusal, above the fields. */
  error: string | null
  submitLabel: string
  pending: boolean
  children: ReactNode
}

/** The login and register form: the server's refusal, the fields and the submit button. */
export function AuthForm({ onSubmit, error, submitLabel, pending, children }: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error ? <Alert tone="error">{error}</Alert> : null}
      {children}
      <Button type="submit" size="lg" loading={pending} className="mt-2 w-full">
        {submitLabel}
      </Button>
    </form>
  )
}
