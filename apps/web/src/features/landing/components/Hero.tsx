import { useTranslation } from '../../../shared/i18n'
import { ButtonLink } from '../../../shared/ui/Button'
import { CheckIcon, CrossIcon, ShieldIcon } from '../../../shared/ui/icons'
import { TelegramLogin } from './TelegramLogin'

const HIGHLIGHT_KEYS = [
  'landing.highlights.noContactDetails',
  'landing.highlights.noIpLogs',
  'landing.highlights.torVpn',
] as const

/** What an account needs and what it does not: a factual summary, shown beside the title. */
function AccountFacts() {
  const { t } = useTranslation()
  return (
    <div className="rounded-2xl border border-white/10 bg-white/[0.04] p-6 shadow-2xl shadow-emerald-950/40 sm:p-8">
      <h2 className="font-semibold text-lg text-white">{t('landing.facts.title')}</h2>
      <p className="mt-1 text-slate-400 text-sm">{t('landing.facts.subtitle')}</p>
      <ul className="mt-6 space-y-3">
        {(['username', 'password'] as const).map((key) => (
          <li
            key={key}
            className="flex items-center justify-between rounded-xl border border-emerald-400/30 bg-emerald-400/10 px-4 py-3"
          >
            <span className="font-medium text-white">{t(`landing.facts.${key}`)}</span>
            <span className="flex items-center gap-1.5 font-medium text-emerald-300 text-xs uppercase tracking-wide">
              <CheckIcon className="size-4" />
              {t('landing.facts.required')}
            </span>
          </li>
        ))}
        {(['email', 'phone'] as const).map((key) => (
          <li
            key={key}
            className="flex items-center justify-between rounded-xl border border-white/10 border-dashed px-4 py-3"
          >
            <span className="text-slate-400 line-through decoration-slate-500">
              {t(`landing.facts.${key}`)}
            </span>
            <span className="flex items-center gap-1.5 font-medium text-slate-400 text-xs uppercase tracking-wide">
              <CrossIcon className="size-4" />
              {t('landing.facts.notAsked')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function Hero() {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="landing-title"
      className="relative isolate overflow-hidden bg-slate-950 text-white"
    >
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(16,185,129,0.22),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(14,165,233,0.12),transparent_50%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-emerald-400/30 bg-emerald-400/10 px-3 py-1 font-medium text-emerald-300 text-xs">
            <ShieldIcon className="size-4" />
            {t('landing.eyebrow')}
          </p>
          <h1
            id="landing-title"
            className="mt-5 text-balance font-bold text-4xl tracking-tight sm:text-5xl lg:text-[3.5rem] lg:leading-[1.08]"
          >
            {t('landing.title')}
          </h1>
          <p className="mt-5 max-w-xl text-pretty text-lg text-slate-300 leading-relaxed">
            {t('landing.subtitle')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/login" size="lg">
              {t('landing.signIn')}
            </ButtonLink>
            <ButtonLink to="/register" size="lg" variant="inverse">
              {t('landing.createAccount')}
            </ButtonLink>
          </div>
          <TelegramLogin />
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-slate-300 text-sm sm:flex-row sm:flex-wrap">
            {HIGHLIGHT_KEYS.map((key) => (
              <li key={key} className="flex items-center gap-2">
                <CheckIcon className="size-4 shrink-0 text-emerald-400" />
                {t(key)}
              </li>
            ))}
          </ul>
        </div>
        <AccountFacts />
      </div>
    </section>
  )
}
