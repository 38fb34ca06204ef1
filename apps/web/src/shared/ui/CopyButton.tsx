import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../i18n'
import { CheckIcon, CopyIcon } from './icons'
import { notify } from './toast'

interface CopyButtonProps {
  value: string
  /** Names what is copied, e.g. "Copy wallet address". */
  label: string
  className?: string
}

/** The Clipboard API, else the older selection-based copy (plain HTTP on a LAN address). */
async function writeClipboard(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return
    }
  } catch {
    // Fall through to the selection-based copy.
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.className = 'fixed top-0 left-0 opacity-0'
  document.body.append(area)
  area.select()
  const ok = document.execCommand?.('copy') ?? false
  area.remove()
  if (!ok) throw new Error('Clipboard unavailable')
}

/** Copies a value; the button reads "Copied!" for two seconds and a toast confirms it. */
export function CopyButton({ value, label, className = '' }: CopyButtonProps) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = async () => {
    try {
      await writeClipboard(value)
    } catch {
      notify.error(t('payment.copyFailed'))
      return
    }
    setCopied(true)
    notify.success(t('payment.copied'))
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), 2_000)
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={copied ? t('payment.copied') : label}
      className={`inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border px-3 font-semibold text-xs transition-colors ${
        copied
          ? 'border-emerald-300 bg-emerald-50 text-emerald-800'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
      } ${className}`}
    >
      {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
      {copied ? t('payment.copied') : t('payment.copy')}
    </button>
  )
}
