import type { FastifyInstance } from 'fastify'
import type { AppConfig } from './config.js'
import type { Database } from './db/client.js'

/** What every module's routes receive: the app to register on, the config and the database. */
export interface AppContext {
  app: FastifyInstance
  config: AppConfig
  database: Database
}
