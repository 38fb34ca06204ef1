// The back office's money services, built once per app (services.ts): payments, the transfer
// queue and the rate and watcher status, sharing one view of transfers.
import type { Db } from '../../db/client.js'
import type { AuditLog } from '../audit/service.js'
import type { BalanceService } from '../balance/service.js'
import { AdminPayments } from './admin-payments.js'
import { AdminMoneyStatus, type MoneySources } from './admin-status.js'
import { type StaffNames, TransferView } from './admin-transfer-view.js'
import { AdminTransfers, type CustomerLookup } from './admin-transfers.js'
import type { RateHistory } from './rate-history.js'

export interface AdminMoneyDeps extends MoneySources {
  audit: AuditLog
  balance: BalanceService
  customers: CustomerLookup
  rateHistory: RateHistory
  staffNames: StaffNames
}

export function createAdminMoney(db: Db, deps: AdminMoneyDeps) {
  const view = new TransferView(db, { rateHistory: deps.rateHistory, staffNames: deps.staffNames })
  return {
    payments: new AdminPayments(db, view, deps.balance),
    transfers: new AdminTransfers(db, view, {
      customers: deps.customers,
      balance: deps.balance,
      audit: deps.audit,
    }),
    status: new AdminMoneyStatus(db, { rate: deps.rate, usdc: deps.usdc, watcher: deps.watcher }),
  }
}
