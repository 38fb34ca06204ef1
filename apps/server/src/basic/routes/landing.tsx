// The basic shop's start page, where the app's <noscript> link leads.
import type { BasicRoutes } from '../deps.js'
import { LandingPage } from '../pages/LandingPage.js'
import { render } from '../render.js'

export const landingRoutes: BasicRoutes = (basic) => {
  basic.get('/', async (request, reply) => render(request, reply, <LandingPage />))
}
