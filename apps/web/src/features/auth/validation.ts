import {
  type ConfirmationProblem,
  type PasswordProblem,
  registrationProblems,
  signInProblems,
  type UsernameProblem,
} from '@shop/contract'

// The rules of specification section 5 come from the contract (the server checks the same ones);
// here each problem code becomes the i18n key of its message, so the messages follow the active
// language. The username is checked, and sent, without surrounding spaces.

export interface LoginValues {
  username: string
  password: string
}

export interface RegisterValues extends LoginValues {
  confirmPassword: string
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>

const USERNAME_KEYS: Record<UsernameProblem, string> = {
  required: 'auth.validation.usernameRequired',
  tooShort: 'auth.validation.usernameMin',
  tooLong: 'auth.validation.usernameMax',
  invalidCharacters: 'auth.validation.usernamePattern',
}

const PASSWORD_KEYS: Record<PasswordProblem, string> = {
  required: 'auth.validation.passwordRequired',
  tooShort: 'auth.validation.passwordMin',
  tooLong: 'auth.validation.passwordMax',
}

const CONFIRMATION_KEYS: Record<ConfirmationProblem, string> = {
  required: 'auth.validation.confirmRequired',
  mismatch: 'auth.validation.passwordsDoNotMatch',
}

export function validateLogin(values: LoginValues): FieldErrors<LoginValues> {
  const problems = signInProblems({ username: values.username.trim(), password: values.password })
  return {
    username: problems.username && USERNAME_KEYS[problems.username],
    password: problems.password && PASSWORD_KEYS[problems.password],
  }
}

export function validateRegister(values: RegisterValues): FieldErrors<RegisterValues> {
  const problems = registrationProblems({
    username: values.username.trim(),
    password: values.password,
    confirm_password: values.confirmPassword,
  })
  return {
    username: problems.username && USERNAME_KEYS[problems.username],
    password: problems.password && PASSWORD_KEYS[problems.password],
    confirmPassword: problems.confirm_password && CONFIRMATION_KEYS[problems.confirm_password],
  }
}
