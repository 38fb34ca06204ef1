import { defineProject } from 'vitest/config'
import { serverProject } from './vitest.shared.js'

// The same API tests on a real PostgreSQL server: each test file gets a database of its own,
// created through TEST_DATABASE_URL and dropped afterwards.
export default defineProject(serverProject('server-postgres', 'postgres'))
