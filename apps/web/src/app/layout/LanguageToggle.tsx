import { currentLanguage, useTranslation } from '../../shared/i18n'
import { LanguageButtons } from '../../shared/ui/LanguageButtons'

interface LanguageToggleProps {
  className?: string
}

/** EN / LT switch; the choice is stored in localStorage (shared/i18n). */
export function LanguageToggle({ className = '' }: LanguageToggleProps) {
  const { i18n } = useTranslation()
  return (
    <LanguageButtons
      current={currentLanguage()}
      onChoose={(lng) => void i18n.changeLanguage(lng)}
      className={className}
    />
  )
}
