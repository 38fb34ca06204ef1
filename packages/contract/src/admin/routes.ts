// Every endpoint of the back office (docs/back-office.md), all under /api/admin, by area.
// `auth: 'staff'` needs a staff access token (any role), `auth: 'owner'` the owner's; a customer
// token is 401 on all of them, a support token on an owner route 403 FORBIDDEN.
import type { RouteDef } from '../routes.js'
import { adminBackupRoutes } from './routes/backups.js'
import { adminCatalogRoutes } from './routes/catalog.js'
import { adminCsvRoutes } from './routes/csv.js'
import { adminMoneyRoutes } from './routes/money.js'
import { adminServiceRoutes } from './routes/service.js'
import { adminStaffRoutes } from './routes/staff.js'

export const adminApi = {
  ...adminStaffRoutes,
  ...adminCatalogRoutes,
  ...adminServiceRoutes,
  ...adminMoneyRoutes,
  ...adminCsvRoutes,
  ...adminBackupRoutes,
} as const satisfies Record<string, RouteDef>

export type AdminApi = typeof adminApi
export type AdminRouteName = keyof AdminApi
