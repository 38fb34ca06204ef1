import { defineProject } from 'vitest/config'
import { serverProject } from './vitest.shared.js'

// API tests through app.inject() on a fresh in-memory PGlite per test file.
export default defineProject(serverProject('server', 'pglite'))
