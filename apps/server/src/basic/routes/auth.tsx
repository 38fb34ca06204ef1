// Sign in and create account, posted as forms. The same services and rules as the API's routes
// (modules/auth: signIn, the registration limit, AccountService); a session opened here lives in
// the session cookie (cookies.ts).
import { registrationProblems, signInProblems } from '@shop/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import Type, { type Static } from 'typebox'
import { AppError } from '../../http/errors.js'
import { signIn } from '../../modules/auth/sign-in.js'
import { fieldErrors, hasErrors } from '../auth-messages.js'
import type { BasicDeps, BasicRoutes } from '../deps.js'
import { hasText, type Translate } from '../i18n.js'
import { LoginPage, type LoginWaitState } from '../pages/LoginPage.js'
import { RegisterPage } from '../pages/RegisterPage.js'
import { BASIC_PATHS, basicReturnPath } from '../paths.js'
import { redirect, render } from '../render.js'

const Text = (maxLength: number) => Type.String({ maxLength })
const NextQuery = Type.Object({ next: Type.Optional(Text(2000)) })
const LoginForm = Type.Object({
  username: Text(200),
  password: Text(200),
  next: Type.Optional(Text(2000)),
  wait: Type.Optional(Text(200)),
  proof: Type.Optional(Text(2048)),
})
const RegisterForm = Type.Object({
  username: Text(200),
  password: Text(200),
  confirm_password: Text(200),
  next: Type.Optional(Text(2000)),
})

/** Where a customer goes once signed in: the page that sent them, else the products. */
function landingAfterSignIn(next: string | undefined): string {
  const target = basicReturnPath(next)
  return target === BASIC_PATHS.home ? BASIC_PATHS.products : target
}

/** The app's sentence for an API error code (apiErrors.*), or the form's own fallback. */
function errorText(error: AppError, t: Translate, fallback: string): string {
  const key = `apiErrors.${error.code}`
  return hasText(key) ? t(key) : t(fallback)
}

function openSession(deps: BasicDeps, reply: FastifyReply, refreshToken: string, next?: string) {
  deps.cookies.setSession(reply, refreshToken)
  deps.cookies.clear(reply, 'preSession')
  return redirect(reply, landingAfterSignIn(next))
}

/** The sign-in form again, asking for a wait (or a pasted proof) past the name's limit. */
async function askToWait(
  deps: BasicDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  form: { username: string; next?: string | undefined; wait?: string | undefined },
) {
  const { loginWaits, loginChallenges } = deps.services
  const held = form.wait ? loginWaits.check(form.wait, form.username) : null
  const ticket =
    held?.state === 'early' && form.wait
      ? { ticket: form.wait, waitMs: held.waitMs, again: true }
      : { ...loginWaits.issue(form.username), waitMs: 0, again: false }
  const issued = 'readyAt' in ticket ? ticket.readyAt - Date.now() : ticket.waitMs
  const wait: LoginWaitState = {
    ticket: ticket.ticket,
    seconds: Math.max(1, Math.ceil(issued / 1000)),
    again: ticket.again,
    challenge: Buffer.from(JSON.stringify(await loginChallenges.create())).toString('base64'),
  }
  return render(
    request,
    reply,
    <LoginPage username={form.username} next={form.next} wait={wait} />,
    429,
  )
}

export const authRoutes: BasicRoutes = (basic, deps) => {
  const { services } = deps

  basic.get('/login', { schema: { querystring: NextQuery } }, async (request, reply) => {
    const { next } = request.query as { next?: string }
    if (request.basicPage.auth) return redirect(reply, landingAfterSignIn(next))
    return render(request, reply, <LoginPage next={next} />)
  })

  basic.post('/login', { schema: { body: LoginForm } }, async (request, reply) => {
    const form = request.body as Static<typeof LoginForm>
    const { t } = request.basicPage
    const username = form.username.trim()
    const errors = fieldErrors(signInProblems({ username, password: form.password }), t)
    if (hasErrors(errors)) {
      return render(
        request,
        reply,
        <LoginPage username={username} errors={errors} next={form.next} />,
        400,
      )
    }
    try {
      const result = await signIn(
        services,
        {
          username,
          password: form.password,
          proof: form.proof || undefined,
          waitTicket: form.wait,
        },
        request.ip,
      )
      return openSession(deps, reply, result.refresh_token, form.next)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      if (error.code === 'CHALLENGE_REQUIRED') {
        return askToWait(deps, request, reply, { username, next: form.next, wait: form.wait })
      }
      reply.headers(error.headers)
      return render(
        request,
        reply,
        <LoginPage
          username={username}
          next={form.next}
          formError={errorText(error, t, 'auth.login.failed')}
        />,
        error.statusCode,
      )
    }
  })

  basic.get('/register', { schema: { querystring: NextQuery } }, async (request, reply) => {
    const { next } = request.query as { next?: string }
    if (request.basicPage.auth) return redirect(reply, landingAfterSignIn(next))
    return render(request, reply, <RegisterPage next={next} />)
  })

  basic.post('/register', { schema: { body: RegisterForm } }, async (request, reply) => {
    const form = request.body as Static<typeof RegisterForm>
    const { t } = request.basicPage
    const registration = {
      username: form.username.trim(),
      password: form.password,
      confirm_password: form.confirm_password,
    }
    const errors = fieldErrors(registrationProblems(registration), t)
    if (hasErrors(errors)) {
      return render(
        request,
        reply,
        <RegisterPage username={registration.username} errors={errors} next={form.next} />,
        400,
      )
    }
    try {
      const result = await services.authLimits.guardRegistration(request.ip, () =>
        services.accounts.register(registration),
      )
      return openSession(deps, reply, result.refresh_token, form.next)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      reply.headers(error.headers)
      return render(
        request,
        reply,
        <RegisterPage
          username={registration.username}
          next={form.next}
          formError={errorText(error, t, 'auth.register.failed')}
        />,
        error.statusCode,
      )
    }
  })
}
