import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json'
import lt from '../../locales/lt.json'
import i18n from '../../shared/i18n'
import { renderApp } from '../../test/render'

describe.each([
  ['en', en],
  ['lt', lt],
] as const)('landing page (%s)', (lng, text) => {
  it('shows the title, both buttons, three features and four steps', async () => {
    await i18n.changeLanguage(lng)
    renderApp('/')

    expect(
      await screen.findByRole('heading', { level: 1, name: text.landing.title }),
    ).toBeInTheDocument()
    expect(screen.getByText(text.landing.subtitle)).toBeInTheDocument()

    const main = screen.getByRole('main')
    expect(within(main).getByRole('link', { name: text.landing.signIn })).toHaveAttribute(
      'href',
      '/login',
    )
    expect(within(main).getByRole('link', { name: text.landing.createAccount })).toHaveAttribute(
      'href',
      '/register',
    )

    const features = within(screen.getByRole('region', { name: text.landing.features.title }))
    expect(features.getAllByRole('listitem')).toHaveLength(3)
    for (const key of ['security', 'privacy', 'speed'] as const) {
      expect(
        features.getByRole('heading', { level: 3, name: text.landing.features[key].title }),
      ).toBeInTheDocument()
    }

    const steps = within(screen.getByRole('region', { name: text.landing.steps.title }))
    const items = steps.getAllByRole('listitem')
    expect(items).toHaveLength(4)
    const order = ['createAccount', 'chooseProduct', 'pay', 'receiveProduct'] as const
    order.forEach((key, index) => {
      expect(
        within(items[index] as HTMLElement).getByRole('heading', {
          name: text.landing.steps[key].title,
        }),
      ).toBeInTheDocument()
    })

    expect(document.documentElement.lang).toBe(lng)
  })

  it('has a footer with the FAQ link and the six security claims', async () => {
    await i18n.changeLanguage(lng)
    renderApp('/')
    const footer = within(await screen.findByRole('contentinfo'))
    // A visitor reads the public FAQ (support is for customers).
    expect(footer.getByRole('link', { name: text.footer.links.faq })).toHaveAttribute(
      'href',
      '/faq',
    )
    const claims = within(footer.getByRole('region', { name: text.footer.claims.title }))
    expect(claims.getAllByRole('listitem')).toHaveLength(6)
    expect(claims.getByText(text.footer.claims.argon2)).toBeInTheDocument()
  })
})
