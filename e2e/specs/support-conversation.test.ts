import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AppPage,
  exact,
  expectNoAxeViolations,
  openApp,
  registerThroughForm,
  settle,
  uniqueName,
} from '../support/app.js'
import { adminText, createOwnerFromSetupLink } from '../support/back-office.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

const a = adminText

const CUSTOMER_PASSWORD = 'Customer2026pass'
const TITLE = 'Kur mano dovanų kortelės kodas?'
const QUESTION = 'Sumokėjau vakar, bet kodo dar negavau.'
const ANSWER = 'Your code is on its way: it will be on the order page within the hour.'
const THANKS = 'Ačiū! Jau matau kodą.'
const REPORT = 'Išsiunčiau SOL, bet mokėjimas vis dar laukia.'
/** The category reports land in, as the owner (in English) sees it. */
const PAYMENT_PROBLEM_CATEGORY = 'Payment problem'

describe('support: the customer asks, the owner answers, the customer reads and answers', () => {
  let owner: AppPage
  let customer: AppPage
  const username = uniqueName('asker')
  let ticketPath = ''

  beforeAll(async () => {
    owner = await openApp(live.browser, live.shop.baseUrl, { lang: 'en', width: 1280 })
    customer = await openApp(live.browser, live.shop.baseUrl, { lang: 'lt', width: 1280 })
  })
  afterAll(async () => {
    await owner?.close()
    await customer?.close()
  })

  it('creates the owner through the link the start printed', async () => {
    await createOwnerFromSetupLink(owner, live.shop.logs())
  })

  it('lets a Lithuanian customer open a ticket in a category named in Lithuanian', async () => {
    const { page, t } = customer
    await registerThroughForm(customer, username, CUSTOMER_PASSWORD)
    await customer.goto('/support')
    await page.getByRole('button', { name: t('support.newTicket') }).click()
    const dialog = page.getByRole('dialog', { name: t('support.form.title') })
    const category = dialog.getByLabel(t('support.form.category'))
    await category.locator('option', { hasText: 'Užsakymai' }).waitFor({ state: 'attached' })
    await category.selectOption({ label: 'Užsakymai' })
    await dialog.getByLabel(t('support.form.subject')).fill(TITLE)
    await dialog.getByLabel(t('support.form.message')).fill(QUESTION)
    await dialog.getByRole('button', { name: t('support.form.submit') }).click()
    await page.getByText(t('support.toast.created')).waitFor()
    const row = page.getByRole('button', { name: new RegExp(TITLE) })
    await row.getByText('Užsakymai').waitFor()
    await expect(row.getByText(t('support.unread')).count()).resolves.toBe(0)
  })

  it('shows the ticket in the owner’s inbox, where the owner answers it', async () => {
    const { page } = owner
    await page
      .getByRole('link', { name: a('nav.tickets') })
      .first()
      .click()
    await page.waitForURL('**/admin/tickets')
    const row = page.getByRole('row').filter({ hasText: username })
    await row.getByText(a('tickets.waitingForUs')).waitFor()
    await settle(page)
    await expectNoAxeViolations(page, 'support inbox')
    await row.getByRole('link', { name: TITLE }).click()
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor()
    ticketPath = new URL(page.url()).pathname
    await page.getByText(QUESTION).waitFor()
    await settle(page)
    await expectNoAxeViolations(page, 'ticket')

    await page.getByLabel(a('tickets.reply')).fill(ANSWER)
    await page.getByRole('button', { name: a('tickets.send') }).click()
    await page.getByText(a('tickets.replySent', { username })).waitFor()
    await page.getByText(`(${a('tickets.notReadYet')})`).waitFor()
  })

  it('marks the reply unread for the customer until they open the ticket', async () => {
    const { page, t } = customer
    await customer.goto('/support')
    const nav = page.getByRole('navigation', { name: t('nav.main') })
    const unreadName = `${t('nav.support')} (${t('nav.unreadReplies', { count: 1 })})`
    await nav.getByRole('link', { name: exact(unreadName) }).waitFor()
    const row = page.getByRole('button', { name: new RegExp(TITLE) })
    await row.getByText(t('support.unread')).waitFor()
    await settle(page)
    await expectNoAxeViolations(page, 'support page with an unread reply')

    await row.click()
    const dialog = page.getByRole('dialog', { name: TITLE })
    await dialog.getByText(ANSWER).waitFor()
    await nav.getByRole('link', { name: exact(t('nav.support')) }).waitFor()
    await settle(page)
    await expectNoAxeViolations(page, 'ticket dialog')

    await dialog.getByLabel(t('support.ticket.reply')).fill(THANKS)
    await dialog.getByRole('button', { name: t('support.ticket.send') }).click()
    await dialog.getByText(THANKS).waitFor()
    await dialog.getByText(t('support.status.open')).waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await expect(row.getByText(t('support.unread')).count()).resolves.toBe(0)
  })

  it('brings the ticket back to the owner, waiting for the shop', async () => {
    const { page } = owner
    await owner.goto(ticketPath)
    await page.getByText(THANKS).waitFor()
    await owner.goto('/admin/tickets?status=open')
    const row = page.getByRole('row').filter({ hasText: username })
    await row.getByText(a('tickets.waitingForUs')).waitFor()
  })

  it('turns a problem reported on the SOL payment screen into a ticket with its payment', async () => {
    const { page, t } = customer
    await customer.goto('/balance')
    await page.getByLabel(t('balance.amountLabel')).fill('10')
    await page.getByRole('button', { name: exact(t('balance.topupSubmit')) }).click()
    const dialog = page.getByRole('dialog', { name: t('balance.modal.title') })
    await dialog
      .getByRole('img', { name: t('payment.qrLabel') })
      .first()
      .waitFor()
    const paymentCode = await dialog.locator('dd .font-mono').last().textContent()
    expect(paymentCode).toMatch(/^[A-Z0-9-]+$/)
    await dialog.getByText(t('payment.report.toggle')).click()
    await dialog.getByLabel(t('payment.report.label')).fill(REPORT)
    await dialog.getByRole('button', { name: t('payment.report.submit') }).click()
    const sent = dialog.getByText(/T-[A-Z0-9]{6}/)
    await sent.waitFor()
    const ticketCode = /T-[A-Z0-9]{6}/.exec((await sent.textContent()) ?? '')?.[0] ?? ''
    await settle(page)
    await expectNoAxeViolations(page, 'problem reported')

    const owned = owner.page
    await owner.goto('/admin/tickets')
    await owned.getByLabel(a('tickets.category')).selectOption({ label: PAYMENT_PROBLEM_CATEGORY })
    const row = owned.getByRole('row').filter({ hasText: ticketCode })
    await row.getByText(a('tickets.aboutPayment', { code: paymentCode ?? '' })).waitFor()
    await row.getByRole('link').click()
    await owned.getByText(REPORT).waitFor()
    const reported = owned.getByRole('region', { name: a('tickets.reportedPayment') })
    await reported.getByRole('link', { name: paymentCode ?? '' }).waitFor()
    await reported.getByText(a('tickets.kinds.topup')).waitFor()
  })

  it('made no request outside the shop and broke no rule of the page', () => {
    for (const app of [owner, customer]) {
      expect(app.foreign).toEqual([])
      expect(app.problems).toEqual([])
    }
  })
})
