import type { FastifyInstance } from 'fastify'
import type { AppConfig } from './config.js'
import type { DemoWallet } from './modules/payments/demo-wallet.js'
import type { Services } from './services.js'

/**
 * What every module's routes receive: the app to register on, config and services. No database:
 * routes reach data only through services.
 */
export interface AppContext {
  app: FastifyInstance
  config: AppConfig
  services: Services
  /** Present only when the server runs its own local chain. */
  demoWallet: DemoWallet | null
}
