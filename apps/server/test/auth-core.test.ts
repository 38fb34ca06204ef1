import { describe, expect, it } from 'vitest'
import { callAs, signUp, useTestApp } from './kit/index.js'

const t = useTestApp()

describe('sessions', () => {
  it('registers, reads the profile, refreshes with rotation and logs out', async () => {
    const user = await signUp(t.app, 'Core_User')
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      username: 'Core_User',
      first_name: 'Core_User',
      balance_eur: 0,
      telegram_id: null,
    })

    const refreshed = await callAs(t.app, null, 'POST', '/api/auth/telegram/refresh', {
      refresh_token: user.refreshToken,
    })
    expect(refreshed.statusCode).toBe(200)
    const pair = refreshed.json() as { access_token: string; refresh_token: string }
    expect(pair.refresh_token).not.toBe(user.refreshToken)

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${pair.access_token}` },
    })
    expect(logout.statusCode).toBe(200)
    for (const token of [user.accessToken, pair.access_token]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/me',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('SESSION_REVOKED')
    }
    const again = await callAs(t.app, null, 'POST', '/api/auth/telegram/refresh', {
      refresh_token: pair.refresh_token,
    })
    expect(again.statusCode).toBe(403)
  })

  it('answers a missing or forged token with 401', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/user/me' })
    expect(none.statusCode).toBe(401)
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x' },
    })
    expect(forged.statusCode).toBe(401)
    expect(forged.json().code).toBe('TOKEN_INVALID')
  })
})
