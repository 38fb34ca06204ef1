import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../../shared/config'

// The rules of specification section 5. Each validator returns i18n keys, one per failing field
// (the first rule that fails), so the messages follow the active language.

export interface LoginValues {
  username: string
  password: string
}

export interface RegisterValues extends LoginValues {
  confirmPassword: string
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>

const USERNAME_RE = new RegExp(USERNAME_PATTERN)

export function validateLogin(values: LoginValues): FieldErrors<LoginValues> {
  const errors: FieldErrors<LoginValues> = {}
  const username = values.username.trim()
  if (!username) errors.username = 'auth.validation.usernameRequired'
  else if (username.length < USERNAME_MIN_LENGTH) errors.username = 'auth.validation.usernameMin'

  if (!values.password) errors.password = 'auth.validation.passwordRequired'
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = 'auth.validation.passwordMin'
  return errors
}

export function validateRegister(values: RegisterValues): FieldErrors<RegisterValues> {
  const errors: FieldErrors<RegisterValues> = {}
  const username = values.username.trim()
  if (!username) errors.username = 'auth.validation.usernameRequired'
  else if (username.length < USERNAME_MIN_LENGTH) errors.username = 'auth.validation.usernameMin'
  else if (username.length > USERNAME_MAX_LENGTH) errors.username = 'auth.validation.usernameMax'
  else if (!USERNAME_RE.test(username)) errors.username = 'auth.validation.usernamePattern'

  if (!values.password) errors.password = 'auth.validation.passwordRequired'
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = 'auth.validation.passwordMin'
  else if (values.password.length > PASSWORD_MAX_LENGTH)
    errors.password = 'auth.validation.passwordMax'

  if (!values.confirmPassword) errors.confirmPassword = 'auth.validation.confirmRequired'
  else if (values.confirmPassword !== values.password)
    errors.confirmPassword = 'auth.validation.passwordsDoNotMatch'
  return errors
}

export function hasErrors<T>(errors: FieldErrors<T>): boolean {
  return Object.values(errors).some(Boolean)
}
