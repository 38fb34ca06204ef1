import { useTranslation } from '../../shared/i18n'
import { LockIcon } from '../../shared/ui/icons'

/** What a staff member sees on a screen their role does not open (a 403 FORBIDDEN). */
export function Forbidden() {
  const { t } = useTranslation()
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-amber-200 bg-amber-50 px-6 py-10 text-center"
    >
      <span className="mb-3 flex size-11 items-center justify-center rounded-full bg-white text-amber-700 ring-1 ring-amber-200">
        <LockIcon className="size-5" />
      </span>
      <p className="font-semibold text-amber-950 text-lg">{t('forbidden.title')}</p>
      <p className="mt-1 max-w-md text-amber-900">{t('forbidden.text')}</p>
    </div>
  )
}
