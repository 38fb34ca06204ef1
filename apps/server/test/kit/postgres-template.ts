// Vitest global set-up of the PostgreSQL project: one migrated database per run, which every
// test file copies (`create database … template …`) instead of migrating a database of its own;
// dropped when the run ends.
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/db/client.js'
import { createPostgresDatabase } from './postgres.js'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createPostgresDatabase({ prefix: 'template_' })
  try {
    const database = await openDatabase({ url: template.url, poolSize: 2 })
    try {
      await database.migrate()
    } finally {
      await database.close()
    }
  } catch (error) {
    await template.drop()
    throw error
  }
  project.provide('postgresTemplate', template.name)
  return () => template.drop()
}
