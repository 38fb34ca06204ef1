import { BackupHealthCard } from '../backups/BackupHealthCard'
import { DashboardPage } from '../dashboard/DashboardPage'
import { WaitingOrders } from '../orders/WaitingOrders'

/** The dashboard composed: the orders' waiting card and the backups' health card in its slots. */
export function DashboardScreen() {
  return (
    <DashboardPage
      waiting={(count) => <WaitingOrders count={count} className="mb-6" />}
      backups={(health) => <BackupHealthCard health={health} withLink />}
    />
  )
}
