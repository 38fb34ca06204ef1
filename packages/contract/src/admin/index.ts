// The back office's part of the contract. Exported from the package root too; the customer web
// app never imports it (its modules are side-effect free, so a bundle keeps only what it uses).
export * from './audit.js'
export * from './auth.js'
export * from './backups.js'
export * from './catalog.js'
export * from './content.js'
export * from './coupons.js'
export * from './customers.js'
export * from './dashboard.js'
export * from './money.js'
export * from './orders.js'
export * from './routes.js'
export * from './support.js'
