// What the basic shop's route groups are given: the services the API's routes call (nothing of
// their rules is written again here), the cookies and the CSRF tokens.
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config.js'
import type { DemoWallet } from '../modules/payments/demo-wallet.js'
import type { Services } from '../services.js'
import type { BasicCookies } from './cookies.js'
import type { CsrfTokens } from './csrf.js'

export interface BasicDeps {
  config: AppConfig
  services: Services
  cookies: BasicCookies
  csrf: CsrfTokens
  demoWallet: DemoWallet | null
}

/** One group of pages (routes/*.ts): registers its routes on the basic shop's scope. */
export type BasicRoutes = (basic: FastifyInstance, deps: BasicDeps) => void
