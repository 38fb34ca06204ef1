// The landing page, as the app's (features/landing): the title and subtitle, sign in and create
// account, what an account needs, the three cards and the four steps; the layout adds the footer.
import { usePage } from '../page-context.js'
import { BASIC_PATHS } from '../paths.js'
import { BoltIcon, CheckIcon, CrossIcon, EyeOffIcon, LockIcon, ShieldIcon } from '../ui/icons.js'
import { Layout } from '../ui/Layout.js'

const HIGHLIGHT_KEYS = [
  'landing.highlights.noContactDetails',
  'landing.highlights.noIpLogs',
  'landing.highlights.torVpn',
] as const

const FEATURES = [
  { key: 'security', Icon: LockIcon },
  { key: 'privacy', Icon: EyeOffIcon },
  { key: 'speed', Icon: BoltIcon },
] as const

const STEPS = ['createAccount', 'chooseProduct', 'pay', 'receiveProduct'] as const

const bigButton =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg px-6 font-semibold text-base'

function AccountFacts() {
  const { t } = usePage()
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

function Hero() {
  const { t, auth } = usePage()
  return (
    <section
      aria-labelledby="landing-title"
      className="relative isolate overflow-hidden bg-slate-950 text-white"
    >
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
            {auth ? (
              <a
                href={BASIC_PATHS.products}
                className={`${bigButton} bg-emerald-700 text-white hover:bg-emerald-800`}
              >
                {t('nav.products')}
              </a>
            ) : (
              <>
                <a
                  href={BASIC_PATHS.login}
                  className={`${bigButton} bg-emerald-700 text-white hover:bg-emerald-800`}
                >
                  {t('landing.signIn')}
                </a>
                <a
                  href={BASIC_PATHS.register}
                  className={`${bigButton} border border-white/25 bg-white/5 text-white hover:border-white/40 hover:bg-white/10`}
                >
                  {t('landing.createAccount')}
                </a>
              </>
            )}
          </div>
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

function Features() {
  const { t } = usePage()
  return (
    <section aria-labelledby="features-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2
            id="features-title"
            className="text-balance font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl"
          >
            {t('landing.features.title')}
          </h2>
          <p className="mt-3 text-lg text-slate-600">{t('landing.features.subtitle')}</p>
        </div>
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {FEATURES.map(({ key, Icon }) => (
            <li
              key={key}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700 ring-1 ring-emerald-100">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-5 font-semibold text-lg text-slate-900">
                {t(`landing.features.${key}.title`)}
              </h3>
              <p className="mt-2 text-slate-600 leading-relaxed">
                {t(`landing.features.${key}.text`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function HowItWorks() {
  const { t } = usePage()
  return (
    <section
      aria-labelledby="steps-title"
      className="border-slate-200 border-t bg-slate-50 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2
            id="steps-title"
            className="text-balance font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl"
          >
            {t('landing.steps.title')}
          </h2>
          <p className="mt-3 text-lg text-slate-600">{t('landing.steps.subtitle')}</p>
        </div>
        <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((key, index) => (
            <li
              key={key}
              className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-slate-900 font-bold text-emerald-400"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 font-semibold text-lg text-slate-900">
                {t(`landing.steps.${key}.title`)}
              </h3>
              <p className="mt-2 text-slate-600 leading-relaxed">
                {t(`landing.steps.${key}.text`)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}

export function LandingPage() {
  return (
    <Layout>
      <Hero />
      <Features />
      <HowItWorks />
    </Layout>
  )
}
