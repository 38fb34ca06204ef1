import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { getErrorMessage } from '../../../shared/api/errors'
import { AUTHENTICATED_HOME } from '../../../shared/config'
import { useTranslation } from '../../../shared/i18n'
import { useConfig } from '../../../shared/queries/config'
import { buttonClasses } from '../../../shared/ui/Button'
import { TelegramIcon } from '../../../shared/ui/icons'
import { Spinner } from '../../../shared/ui/Spinner'
import { useTelegramLogin } from '../api/telegramLogin'
import { readTelegramReturn, telegramLoginUrl } from '../telegram'

/**
 * "Log in with Telegram", offered when GET /api/config enables it. On return from Telegram the
 * login data is taken out of the address and posted to the login endpoint.
 */
export function TelegramLogin() {
  const { t } = useTranslation()
  const { data: config } = useConfig()
  const location = useLocation()
  const navigate = useNavigate()
  const login = useTelegramLogin()
  const [error, setError] = useState<string | null>(null)
  const handled = useRef(false)

  useEffect(() => {
    if (handled.current) return
    const result = readTelegramReturn(location.search, location.hash)
    if (!result) return
    handled.current = true
    navigate(
      { pathname: location.pathname, search: result.search, hash: result.hash },
      {
        replace: true,
      },
    )
    if (!result.body) {
      setError(t('apiErrors.TELEGRAM_AUTH_INVALID'))
      return
    }
    login.mutate(result.body, {
      onSuccess: () => navigate(AUTHENTICATED_HOME, { replace: true }),
      onError: (failure) => setError(getErrorMessage(failure, t)),
    })
  }, [location, navigate, login, t])

  const href =
    config && typeof window !== 'undefined'
      ? telegramLoginUrl(config.telegram_login, window.location.origin)
      : null

  return (
    <div className="flex flex-col">
      {login.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-slate-300 text-sm" role="status">
          <Spinner size="sm" />
          {t('landing.telegram.signingIn')}
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-400/40 bg-red-500/10 px-3 py-2 text-red-200 text-sm"
        >
          {error}
        </p>
      ) : null}
      {href || import.meta.env.SSR ? (
        // Prerendered hidden; the static landing page's script (src/boot.ts) fills in the link
        // and shows it when GET /api/config enables Telegram login.
        <a
          href={href ?? '#'}
          hidden={!href}
          data-telegram-login=""
          rel="noopener noreferrer"
          className={buttonClasses('inverse', 'lg', 'mt-4 w-full sm:w-auto sm:self-start')}
        >
          <TelegramIcon className="size-5 text-sky-300" />
          {t('landing.telegram.button')}
        </a>
      ) : null}
    </div>
  )
}
