import type { AdminCustomer } from '@shop/contract'
import { useTranslation } from '../../shared/i18n'
import { Badge } from '../../shared/ui/Badge'

/** Whether the account may sign in, and how it signs in when that is Telegram. */
export function CustomerBadges({ customer }: { customer: AdminCustomer }) {
  const { t } = useTranslation()
  return (
    <span className="inline-flex flex-wrap gap-1">
      {customer.disabled ? (
        <Badge tone="red">{t('customers.disabled')}</Badge>
      ) : (
        <Badge tone="green">{t('customers.active')}</Badge>
      )}
      {customer.telegram ? <Badge tone="blue">{t('customers.telegram')}</Badge> : null}
    </span>
  )
}
