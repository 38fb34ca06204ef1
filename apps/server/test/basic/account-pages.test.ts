// Support, the FAQ, the profile and the empty orders and balance as forms: the support module's
// tickets (create with its required fields, the conversation, a reply), the FAQ open to visitors
// in both languages, the password change with the API's rules and messages; no script anywhere,
// and every POST refused without the session's token.
import { describe, expect, it } from 'vitest'
import { setUpOwner, uniqueTag, useTestApp } from '../kit/index.js'
import { csrfTokenOf, expectScriptless, FormBrowser, signUpInBrowser, userIdOf } from './browser.js'

const t = useTestApp({ seed: true })

async function customer() {
  const browser = new FormBrowser(t.app)
  const account = await signUpInBrowser(browser, `basic_${uniqueTag()}`)
  return { browser, ...account }
}

describe("a customer's pages", () => {
  it('send a visitor to sign in first, and back', async () => {
    const visitor = new FormBrowser(t.app)
    for (const url of ['/basic/orders', '/basic/balance', '/basic/support', '/basic/profile']) {
      const page = await visitor.get(url)
      expect(page.statusCode, url).toBe(303)
      expect(page.headers.location, url).toBe(`/basic/login?next=${encodeURIComponent(url)}`)
    }
  })

  it('show empty orders, balance and tickets without script', async () => {
    const { browser } = await customer()
    const pages = {
      '/basic/orders': 'No orders yet',
      '/basic/balance': 'No transactions yet',
      '/basic/support': 'No tickets yet',
      '/basic/support/new': 'New support ticket',
      '/basic/profile': 'Statistics',
      '/basic/faq': 'Frequently asked questions',
    }
    for (const [url, text] of Object.entries(pages)) {
      const page = await browser.get(url)
      expect(page.statusCode, url).toBe(200)
      expectScriptless(page.body)
      expect(page.body, url).toContain(text)
    }
    expect((await browser.get('/basic/orders/O-AAAAAAAA')).statusCode).toBe(404)
    expect((await browser.get('/basic/support/999999')).statusCode).toBe(404)
  })
})

describe('support', () => {
  it('opens a ticket with its required fields, shows the conversation and takes a reply', async () => {
    const { browser, username } = await customer()
    const form = (await browser.get('/basic/support/new')).body
    const category = /<option value="(\d+)">/.exec(form)?.[1]
    expect(category).toBeDefined()

    const empty = await browser.submit('/basic/support/new', '/basic/support/new', {
      category_id: '',
      title: ' ',
      message_text: '',
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.body).toContain('Please fill in all fields.')
    expect(empty.body.match(/This field is required/g)).toHaveLength(3)

    const created = await browser.submit('/basic/support/new', '/basic/support/new', {
      category_id: category ?? '',
      title: 'Where is my code?',
      message_text: 'I paid an hour ago.',
    })
    expect(created.statusCode).toBe(303)
    const location = String(created.headers.location)
    expect(location).toMatch(/^\/basic\/support\/\d+\?notice=support\.toast\.created$/)
    const ticket = await browser.get(location)
    expectScriptless(ticket.body)
    expect(ticket.body).toContain('Ticket created successfully')
    expect(ticket.body).toContain('Where is my code?')
    expect(ticket.body).toContain('I paid an hour ago.')
    const ticketUrl = location.split('?')[0] ?? ''
    const id = Number(ticketUrl.split('/').pop())

    // The shop answers (as the support inbox does); the customer reads it and replies.
    const owner = await setUpOwner(t)
    await t.services.adminTickets.reply(owner.id, id, 'Sent again, please look.', 'en')
    const list = (await browser.get('/basic/support')).body
    expect(list).toContain('Where is my code?')
    expect(list).toContain('New reply')
    const answered = (await browser.get(ticketUrl)).body
    expect(answered).toContain('Sent again, please look.')

    const blank = await browser.submit(ticketUrl, `${ticketUrl}/reply`, { message_text: '  ' })
    expect(blank.statusCode).toBe(400)
    expect(blank.body).toContain('This field is required')
    const replied = await browser.submit(ticketUrl, `${ticketUrl}/reply`, {
      message_text: 'Found it, thank you.',
    })
    expect(replied.statusCode).toBe(303)
    expect((await browser.get(ticketUrl)).body).toContain('Found it, thank you.')

    // Another customer's ticket is not there for them; a forged reply changes nothing.
    const other = await customer()
    expect((await other.browser.get(ticketUrl)).statusCode).toBe(404)
    const forged = await browser.postRaw(`${ticketUrl}/reply`, {
      _csrf: csrfTokenOf((await other.browser.get('/basic')).body),
      message_text: 'forged',
    })
    expect(forged.statusCode).toBe(403)
    const noToken = await browser.postRaw('/basic/support/new', {
      category_id: category ?? '',
      title: 'forged',
      message_text: 'forged',
    })
    expect(noToken.statusCode).toBe(403)
    const userId = await userIdOf(t.database.db, username)
    const tickets = await t.services.support.listTickets(userId, {}, 'en')
    expect(tickets.total).toBe(1)
    expect((await browser.get(ticketUrl)).body).not.toContain('forged')
  })

  it('the FAQ is open to visitors, in both languages', async () => {
    const visitor = new FormBrowser(t.app)
    const english = await visitor.get('/basic/faq')
    expect(english.statusCode).toBe(200)
    expectScriptless(english.body)
    const faq = await t.services.support.faq('en')
    expect(faq.items.length).toBeGreaterThan(0)
    expect(english.body).toContain(faq.items[0]?.question ?? 'none')
    expect(english.body).toContain('href="/basic/login"')
    const lithuanian = await visitor.get('/basic/faq?lang=lt')
    const lt = await t.services.support.faq('lt')
    expect(lithuanian.body).toContain('<html lang="lt">')
    expect(lithuanian.body).toContain(lt.items[0]?.question ?? 'none')
  })
})

describe('the profile', () => {
  it('shows the account and its statistics, and changes the password by the API rules', async () => {
    const { browser, username, password } = await customer()
    const page = await browser.get('/basic/profile')
    expect(page.body).toContain(username)
    expect(page.body).toContain('Total orders')

    const cases: [Record<string, string>, string][] = [
      [
        { current_password: '', new_password: 'x', confirm_password: 'x' },
        'Please enter your current password',
      ],
      [
        {
          current_password: 'wrong password!',
          new_password: 'another good one',
          confirm_password: 'another good one',
        },
        'The password is not correct.',
      ],
      [
        { current_password: password, new_password: 'short', confirm_password: 'short' },
        'Password must be 8 to 100 characters',
      ],
      [
        {
          current_password: password,
          new_password: 'another good one',
          confirm_password: 'another good two',
        },
        'Passwords do not match',
      ],
    ]
    for (const [fields, message] of cases) {
      const refused = await browser.submit('/basic/profile', '/basic/profile/password', fields)
      expect(refused.statusCode, message).toBeGreaterThanOrEqual(400)
      expect(refused.body, message).toContain(message)
    }
    // A second device, signed out by the change; this one stays.
    const second = new FormBrowser(t.app)
    await second.submit('/basic/login', '/basic/login', { username, password })
    const noToken = await browser.postRaw('/basic/profile/password', {
      current_password: password,
      new_password: 'another good one',
      confirm_password: 'another good one',
    })
    expect(noToken.statusCode).toBe(403)
    const changed = await browser.submit('/basic/profile', '/basic/profile/password', {
      current_password: password,
      new_password: 'another good one',
      confirm_password: 'another good one',
    })
    expect(changed.headers.location).toBe('/basic/profile?changed=1')
    expect((await browser.get('/basic/profile?changed=1')).body).toContain(
      'Password changed. Devices signed out: 1.',
    )
    expect((await second.get('/basic')).body).not.toContain('action="/basic/logout"')
    const lt = await browser.get('/basic/profile?lang=lt')
    expect(lt.body).toContain('<html lang="lt">')
    const old = new FormBrowser(t.app)
    const refused = await old.submit('/basic/login', '/basic/login', { username, password })
    expect(refused.statusCode).toBe(401)
  })
})
