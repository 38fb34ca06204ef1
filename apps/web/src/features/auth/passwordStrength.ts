import { PASSWORD_MIN_LENGTH, PASSWORD_STRONG_LENGTH } from '../../shared/config'

export type PasswordStrength = 'none' | 'weak' | 'medium' | 'strong'

/** Width of the strength bar for each level (specification section 4). */
export const STRENGTH_PERCENT: Record<PasswordStrength, number> = {
  none: 0,
  weak: 33,
  medium: 66,
  strong: 100,
}

/**
 * Specification section 4: empty is none; under 8 characters weak; 8 or more is medium when
 * under 12 characters or lacking an uppercase letter or a digit, otherwise strong.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (!password) return 'none'
  if (password.length < PASSWORD_MIN_LENGTH) return 'weak'
  const strong =
    password.length >= PASSWORD_STRONG_LENGTH && /\p{Lu}/u.test(password) && /\d/.test(password)
  return strong ? 'strong' : 'medium'
}
