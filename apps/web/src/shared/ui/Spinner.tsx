import { useTranslation } from '../i18n'

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const

interface SpinnerProps {
  size?: keyof typeof sizes
  /** Announced to screen readers; when omitted the spinner is decorative. */
  label?: string
  className?: string
}

export function Spinner({ size = 'md', label, className = '' }: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-none ${sizes[size]} ${className}`}
    />
  )
  if (!label) return circle
  return (
    <span role="status" className="inline-flex items-center">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** A centred spinner for a page or section that is loading. */
export function PageSpinner() {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-emerald-600">
      <Spinner size="lg" label={t('common.loading')} />
    </div>
  )
}
