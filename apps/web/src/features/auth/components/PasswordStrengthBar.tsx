import { useTranslation } from '../../../shared/i18n'
import { type PasswordStrength, passwordStrength, STRENGTH_PERCENT } from '../passwordStrength'

const barColour: Record<PasswordStrength, string> = {
  none: 'bg-slate-300',
  weak: 'bg-red-500',
  medium: 'bg-amber-500',
  strong: 'bg-emerald-600',
}

const textColour: Record<PasswordStrength, string> = {
  none: 'text-slate-500',
  weak: 'text-red-700',
  medium: 'text-amber-800',
  strong: 'text-emerald-700',
}

interface PasswordStrengthBarProps {
  password: string
  id?: string
}

/** The register form's strength bar: none, weak (33%), medium (66%), strong (100%). */
export function PasswordStrengthBar({ password, id }: PasswordStrengthBarProps) {
  const { t } = useTranslation()
  const strength = passwordStrength(password)
  const percent = STRENGTH_PERCENT[strength]
  const label = t(`auth.strength.${strength}`)
  return (
    <div id={id} className="mt-2" data-strength={strength}>
      <div
        role="progressbar"
        aria-label={t('auth.strength.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          data-testid="strength-fill"
          className={`h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none ${barColour[strength]}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className={`mt-1 text-xs ${textColour[strength]}`} aria-live="polite">
        {t('auth.strength.label')}: <span className="font-semibold">{label}</span>
      </p>
    </div>
  )
}
