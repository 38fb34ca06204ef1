import type { ComponentProps } from 'react'
import { TextField } from '../../shared/ui/Field'

type TextFieldProps = ComponentProps<typeof TextField>

/** An amount in euros (read by parseEuroInput): the decimal keypad, nothing filled in for it. */
export function EuroField(props: TextFieldProps) {
  return <TextField inputMode="decimal" autoComplete="off" {...props} />
}

/** A whole number (a percentage, a count, a stock change): the number keypad, nothing filled in. */
export function WholeNumberField(props: TextFieldProps) {
  return <TextField inputMode="numeric" autoComplete="off" {...props} />
}

/** A username or a code, typed exactly: no capital first letter, no spelling check. */
export function VerbatimField(props: TextFieldProps) {
  return <TextField autoCapitalize="none" spellCheck={false} {...props} />
}
