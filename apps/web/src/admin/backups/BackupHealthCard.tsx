import type { BackupHealth } from '@shop/contract'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Badge, type BadgeTone } from '../../shared/ui/Badge'
import { Card } from '../ui/Card'

const TONES: Record<BackupHealth['warning'], BadgeTone> = {
  none: 'green',
  never: 'amber',
  stale: 'amber',
  failed: 'red',
}

/**
 * When the last backup was written and whether to worry: none yet, older than two intervals, or
 * the last attempt failed (with why). On the dashboard and the backups screen.
 */
export function BackupHealthCard({
  health,
  withLink = false,
}: {
  health: BackupHealth
  withLink?: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const warned = health.warning !== 'none'
  return (
    <Card
      title={t('backups.health')}
      aside={
        withLink ? (
          <Link to="/backups" className="font-medium text-emerald-800 hover:underline">
            {t('backups.open')}
          </Link>
        ) : null
      }
      className={warned ? 'border-amber-300' : ''}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        <Badge tone={TONES[health.warning]}>{t(`backups.warning.${health.warning}`)}</Badge>
        <span className="text-slate-700">
          {health.last_backup_at
            ? t('backups.lastAt', { time: format.dateTime(health.last_backup_at) })
            : t('backups.noneYet')}
        </span>
      </div>
      {warned ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm">
          {t(`backups.advice.${health.warning}`, { hours: health.interval_hours * 2 })}
        </p>
      ) : null}
      {health.warning === 'failed' && health.last_failure && health.last_failure_at ? (
        <p className="mt-2 break-words rounded-lg bg-red-50 px-3 py-2 text-red-800 text-xs">
          {t('backups.lastFailure', {
            time: format.dateTime(health.last_failure_at),
            error: health.last_failure,
          })}
        </p>
      ) : null}
      <p className="mt-3 text-slate-500 text-xs">
        {health.interval_hours > 0
          ? t('backups.schedule', { count: health.interval_hours })
          : t('backups.scheduleOff')}{' '}
        {health.encrypted ? t('backups.encrypted') : t('backups.notEncrypted')}
      </p>
    </Card>
  )
}
