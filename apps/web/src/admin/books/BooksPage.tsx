import type { AdminApi } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { TextField } from '../../shared/ui/Field'
import { Page } from '../../shared/ui/Page'
import { adminDownload } from '../api/client'
import { saveFile } from '../api/saveFile'

type BooksPath = AdminApi['exportOrders' | 'exportLedger']['url']

const FILES: readonly { key: 'orders' | 'ledger'; path: BooksPath }[] = [
  { key: 'orders', path: '/api/admin/orders/export' },
  { key: 'ledger', path: '/api/admin/ledger/export' },
]

/** 'YYYY-MM-DD' of a local date. */
function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0')
  return `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, '0')}`
}

/** The current month's first and last day, as the exports default to. */
function thisMonth(now = new Date()): { from: string; to: string } {
  return {
    from: dayKey(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: dayKey(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
  }
}

function BooksFile({
  file,
  range,
}: {
  file: (typeof FILES)[number]
  range: { from: string; to: string }
}) {
  const { t } = useTranslation()
  const download = useMutation({
    mutationFn: () =>
      adminDownload(file.path, {
        query: { from: range.from || undefined, to: range.to || undefined },
      }),
    onSuccess: saveFile,
  })
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="font-semibold text-slate-900">{t(`books.${file.key}.title`)}</h2>
      <p className="text-slate-600 text-sm">{t(`books.${file.key}.text`)}</p>
      {download.isError ? <Alert tone="error">{getErrorMessage(download.error, t)}</Alert> : null}
      <div>
        <Button loading={download.isPending} onClick={() => download.mutate()}>
          {t(`books.${file.key}.download`)}
        </Button>
      </div>
    </section>
  )
}

/**
 * The books for the accountant: the orders and the balance ledger of a range of days as CSV
 * files, fetched with the staff token and saved by the browser.
 */
export function BooksPage() {
  const { t } = useTranslation()
  const [range, setRange] = useState(thisMonth)
  const backwards = range.from !== '' && range.to !== '' && range.from > range.to
  return (
    <Page title={t('books.title')} description={t('books.description')} width="medium">
      <div className="flex flex-col gap-6">
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('books.from')}
              type="date"
              value={range.from}
              onChange={(event) =>
                setRange((current) => ({ ...current, from: event.target.value }))
              }
            />
            <TextField
              label={t('books.to')}
              type="date"
              value={range.to}
              onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
            />
          </div>
          <p className="mt-3 text-slate-600 text-sm">{t('books.rangeHint')}</p>
          {backwards ? (
            <Alert tone="warning" className="mt-3">
              {t('books.backwards')}
            </Alert>
          ) : null}
        </section>
        {FILES.map((file) => (
          <BooksFile key={file.key} file={file} range={range} />
        ))}
      </div>
    </Page>
  )
}
