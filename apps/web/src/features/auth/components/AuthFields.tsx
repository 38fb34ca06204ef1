import type { ComponentProps } from 'react'
import { TextField } from '../../../shared/ui/Field'

type TextFieldProps = ComponentProps<typeof TextField>

/** The username field of the login and register forms. */
export function UsernameField(props: TextFieldProps) {
  return <TextField autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />
}

/** A password field of the login and register forms (its autoComplete says which password). */
export function PasswordField(
  props: TextFieldProps & { autoComplete: 'current-password' | 'new-password' },
) {
  return <TextField type="password" {...props} />
}
