import { useTranslation } from '../../shared/i18n'
import { LanguageButtons } from '../../shared/ui/LanguageButtons'
import { changeAdminLanguage } from '../i18n'

/** EN / LT switch of the back office (its own texts are loaded before the switch). */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { i18n } = useTranslation()
  return (
    <LanguageButtons
      current={i18n.language}
      onChoose={(lng) => void changeAdminLanguage(lng)}
      className={className}
    />
  )
}
