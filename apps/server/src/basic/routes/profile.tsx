// The profile: the same services as GET /api/user/me, GET /api/user/stats and POST
// /api/user/change-password. The new password's rules are the server's (checkNewPassword, the
// sign-up rules); as in the app, a refusal about one field is shown beside it.
import type { FastifyReply, FastifyRequest } from 'fastify'
import Type, { type Static } from 'typebox'
import type { AuthContext } from '../../http/route.js'
import { toUserDto } from '../../modules/users/service.js'
import type { BasicDeps, BasicRoutes } from '../deps.js'
import { isRefusal, refusalText } from '../error-text.js'
import { customerOrSignIn } from '../guards.js'
import { type PasswordField, ProfilePage, type ProfilePageProps } from '../pages/ProfilePage.js'
import { BASIC_PATHS } from '../paths.js'
import { redirect, render } from '../render.js'

const ProfileQuery = Type.Object({ changed: Type.Optional(Type.String({ maxLength: 3 })) })
const PasswordForm = Type.Object({
  current_password: Type.String({ maxLength: 200 }),
  new_password: Type.String({ maxLength: 200 }),
  confirm_password: Type.String({ maxLength: 200 }),
})

/** The field a refusal of the server is about (the app's ChangePasswordForm FIELD_OF). */
const FIELD_OF: Record<string, PasswordField> = {
  PASSWORD_WRONG: 'current_password',
  PASSWORD_INVALID: 'new_password',
  PASSWORDS_DO_NOT_MATCH: 'confirm_password',
}

async function showProfile(
  { services }: BasicDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  state: Omit<ProfilePageProps, 'user' | 'stats'> = {},
  status = 200,
) {
  const [user, stats] = await Promise.all([
    services.users.get(auth.userId),
    services.users.stats(auth.userId),
  ])
  return render(
    request,
    reply,
    <ProfilePage user={toUserDto(user)} stats={stats} {...state} />,
    status,
  )
}

export const profileRoutes: BasicRoutes = (basic, deps) => {
  basic.get('/profile', { schema: { querystring: ProfileQuery } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const { changed } = request.query as Static<typeof ProfileQuery>
    const count = changed && /^\d{1,2}$/.test(changed) ? Number(changed) : undefined
    return showProfile(deps, request, reply, auth, { changed: count })
  })

  basic.post('/profile/password', { schema: { body: PasswordForm } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const body = request.body as Static<typeof PasswordForm>
    const { t } = request.basicPage
    if (!body.current_password) {
      return showProfile(
        deps,
        request,
        reply,
        auth,
        { errors: { current_password: t('profile.password.currentRequired') } },
        400,
      )
    }
    try {
      const result = await deps.services.accountChanges.changePassword(auth, body)
      return redirect(reply, `${BASIC_PATHS.profile}?changed=${result.other_sessions_ended}`)
    } catch (error) {
      if (!isRefusal(error)) throw error
      reply.headers(error.headers)
      const field = FIELD_OF[error.code]
      const message = refusalText(error, t, 'errors.generic')
      return showProfile(
        deps,
        request,
        reply,
        auth,
        field ? { errors: { [field]: message } } : { formError: message },
        error.statusCode,
      )
    }
  })
}
