// The OpenAPI tags of the back office's endpoints, one per area.
export const tags = {
  auth: ['admin: staff'],
  catalog: ['admin: catalogue'],
  coupons: ['admin: coupons'],
  content: ['admin: content'],
  audit: ['admin: audit'],
  customers: ['admin: customers'],
  dashboard: ['admin: dashboard'],
  orders: ['admin: orders'],
  support: ['admin: support'],
  money: ['admin: money'],
  books: ['admin: books'],
  backups: ['admin: backups'],
} as const
