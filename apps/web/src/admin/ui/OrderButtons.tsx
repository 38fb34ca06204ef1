import { useTranslation } from '../../shared/i18n'
import { TrashIcon } from '../../shared/ui/icons'
import { ArrowDownIcon, ArrowUpIcon } from './icons'

interface OrderButtonsProps {
  /** Names the item for screen readers, e.g. "question 2". */
  name: string
  first: boolean
  last: boolean
  onMove: (by: -1 | 1) => void
  onRemove: () => void
  /** Why the item cannot be removed, when it cannot. */
  removeBlocked?: string
}

const button =
  'flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40 disabled:hover:bg-transparent'

/** Move up, move down and remove, for an item of an ordered list. */
export function OrderButtons({
  name,
  first,
  last,
  onMove,
  onRemove,
  removeBlocked,
}: OrderButtonsProps) {
  const { t } = useTranslation()
  return (
    <div className="flex shrink-0 items-center">
      <button type="button" className={button} disabled={first} onClick={() => onMove(-1)}>
        <ArrowUpIcon className="size-4" />
        <span className="sr-only">{t('list.moveUp', { name })}</span>
      </button>
      <button type="button" className={button} disabled={last} onClick={() => onMove(1)}>
        <ArrowDownIcon className="size-4" />
        <span className="sr-only">{t('list.moveDown', { name })}</span>
      </button>
      <button
        type="button"
        className={`${button} hover:bg-red-50 hover:text-red-700`}
        disabled={Boolean(removeBlocked)}
        title={removeBlocked}
        onClick={onRemove}
      >
        <TrashIcon className="size-4" />
        <span className="sr-only">{t('list.remove', { name })}</span>
      </button>
    </div>
  )
}
