import type { ComponentProps } from 'react'
import { TextField } from './Field'

type TextFieldProps = ComponentProps<typeof TextField>

/** A username field of a sign-in or sign-up form (the shop's and the back office's). */
export function UsernameField(props: TextFieldProps) {
  return <TextField autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />
}

/** A password field of a sign-in, sign-up or password form (its autoComplete says which one). */
export function PasswordField(
  props: TextFieldProps & { autoComplete: 'current-password' | 'new-password' },
) {
  return <TextField type="password" {...props} />
}
