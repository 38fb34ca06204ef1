// An audit entry in the reader's language: the entry stores its action and the values of what
// happened (params); the words are the back office's (audit.texts.<action>). Entries written
// before params existed keep their English summary.
import type { AuditEntry } from '@shop/contract'
import type { TFunction } from '../../shared/i18n'
import type { useFormat } from '../../shared/i18n/useFormat'

type Format = ReturnType<typeof useFormat>

interface Change {
  field: string
  from: unknown
  to: unknown
}

function isChange(value: unknown): value is Change {
  return typeof value === 'object' && value !== null && 'field' in value
}

/** One value as the reader reads it: money, SOL, roles and delivery kinds named, yes and no. */
function shown(key: string, value: unknown, t: TFunction, format: Format): string {
  if (value === null || value === undefined || value === '') return t('audit.values.none')
  if (typeof value === 'boolean') return t(`audit.values.${value}`)
  if (typeof value === 'number') {
    if (key === 'change_eur') return format.signedEur(value)
    if (key.endsWith('_eur') || key === 'price') return format.eur(value)
    if (key === 'sol') return format.sol(value)
    if (key === 'usdc') return format.usdc(value)
    if (key === 'change') return `${value > 0 ? '+' : ''}${value.toLocaleString(format.lang)}`
    if (key === 'percent_off') return `${value} %`
    return value.toLocaleString(format.lang)
  }
  const text = String(value)
  if (key === 'usdc') return format.usdc(text)
  if (key === 'role') return t(`roles.${text}`, { defaultValue: text })
  if (key === 'delivery') return t(`products.delivery.${text}`, { defaultValue: text })
  return text
}

function changesText(changes: unknown[], t: TFunction, format: Format): string {
  return changes
    .filter(isChange)
    .map(
      (one) =>
        `${t(`audit.fields.${one.field}`, { defaultValue: one.field })}: ${shown(one.field, one.from, t, format)} → ${shown(one.field, one.to, t, format)}`,
    )
    .join('; ')
}

/** What the entry did, in the active language (its summary when it has no params). */
export function auditText(entry: AuditEntry, t: TFunction, format: Format): string {
  const params = entry.params
  // A transfer in USDC has its own wording (its params name usdc and the rate per USDC).
  const usdc = entry.params !== null && 'usdc' in entry.params
  const key = `audit.texts.${entry.action}${usdc ? '_usdc' : ''}`
  if (params === null || t(key, { defaultValue: '' }) === '') return entry.summary
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(params)) {
    values[name] = Array.isArray(value)
      ? changesText(value, t, format)
      : shown(name, value, t, format)
  }
  // A coupon's discount is a percentage or an amount, whichever it has.
  if (entry.action === 'coupon.create') {
    values.off =
      params.percent_off !== null && params.percent_off !== undefined
        ? shown('percent_off', params.percent_off, t, format)
        : shown('amount_off_eur', params.amount_off_eur, t, format)
  }
  return t(key, values)
}

/** The action's name in the active language (the code itself for one it does not know). */
export function auditAction(action: string, t: TFunction): string {
  return t(`audit.actions.${action}`, { defaultValue: action })
}
