import { useTranslation } from '../shared/i18n'
import { Button, ButtonLink } from '../shared/ui/Button'

/** Shown when a route fails to render or its code cannot be loaded (e.g. after a new release). */
export function RouteError() {
  const { t } = useTranslation()
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="font-bold text-2xl text-slate-900">{t('errors.pageTitle')}</h1>
      <p className="text-slate-600">{t('errors.pageText')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
        <ButtonLink to="/" variant="secondary" reloadDocument>
          {t('nav.home')}
        </ButtonLink>
      </div>
    </main>
  )
}
