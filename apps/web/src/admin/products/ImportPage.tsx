import {
  type ImportProblem,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED,
  type ProductImportResult,
} from '@shop/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ChangeEvent, useId, useRef, useState } from 'react'
import { field, getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Button, ButtonLink } from '../../shared/ui/Button'
import { Page } from '../../shared/ui/Page'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { Table, Td, Th, Tr } from '../ui/Table'
import { ExportButton } from './ExportButton'

type Outcome =
  | { kind: 'preview'; result: ProductImportResult }
  | { kind: 'refused'; problems: ImportProblem[] }
  | { kind: 'done'; result: ProductImportResult }

/** The file as the import route takes it, whatever type the browser gave it (Excel: its own). */
function csvOf(file: File): Blob {
  return new Blob([file], { type: 'text/csv' })
}

/** The file's problems from an IMPORT_INVALID answer, or null for any other failure. */
function problemsOf(error: unknown): ImportProblem[] | null {
  if (!isApiError(error) || error.code !== 'IMPORT_INVALID') return null
  const errors = field(error.body, 'errors')
  return Array.isArray(errors) ? (errors as ImportProblem[]) : []
}

function Counts({ result }: { result: ProductImportResult }) {
  const { t } = useTranslation()
  const figures = [
    ['created', result.created],
    ['updated', result.updated],
    ['unchanged', result.unchanged],
    ['placesCreated', result.places_created],
  ] as const
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(([key, value]) => (
        <div key={key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-slate-500 text-sm">{t(`productImport.counts.${key}`)}</dt>
          <dd className="mt-1 font-bold text-2xl text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Problems({ problems }: { problems: ImportProblem[] }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-3">
      <Alert tone="error">{t('productImport.refused', { count: problems.length })}</Alert>
      <Table
        caption={t('productImport.problemsCaption')}
        head={
          <>
            <Th className="text-right">{t('productImport.line')}</Th>
            <Th>{t('productImport.column')}</Th>
            <Th>{t('productImport.problem')}</Th>
          </>
        }
      >
        {problems.map((problem) => (
          <Tr key={`${problem.line}-${problem.column}-${problem.code}`}>
            <Td className="font-semibold text-slate-900 tabular-nums md:text-right">
              {t('productImport.lineShort', { line: problem.line })}
            </Td>
            <Td label={t('productImport.column')}>
              {problem.column === null ? (
                t('productImport.wholeRow')
              ) : (
                <code className="font-mono text-xs">{problem.column}</code>
              )}
            </Td>
            <Td label={t('productImport.problem')}>{t(`productImport.codes.${problem.code}`)}</Td>
          </Tr>
        ))}
      </Table>
    </div>
  )
}

/**
 * The catalogue from a spreadsheet: choose a CSV file, see what importing it would do (or every
 * line it refuses), confirm, and see what it did. Nothing is written before the confirmation,
 * and a file with any bad line writes nothing at all.
 */
export function ImportPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const run = useMutation({
    mutationFn: ({ chosen, dryRun }: { chosen: File; dryRun: boolean }) =>
      adminCall('POST /api/admin/products/import', {
        query: { dry_run: dryRun },
        raw: csvOf(chosen),
      }),
    onSuccess: (result) => {
      setFailure(null)
      if (result.dry_run) {
        setOutcome({ kind: 'preview', result })
        return
      }
      setOutcome({ kind: 'done', result })
      notify.success(t('productImport.imported'))
      void queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
    onError: (error) => {
      const problems = problemsOf(error)
      if (problems) {
        setFailure(null)
        setOutcome({ kind: 'refused', problems })
      } else {
        setOutcome(null)
        setFailure(getErrorMessage(error, t))
      }
    },
  })

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null
    setFile(chosen)
    setOutcome(null)
    setFailure(null)
    if (chosen) run.mutate({ chosen, dryRun: true })
  }

  const again = () => {
    setFile(null)
    setOutcome(null)
    if (input.current) input.current.value = ''
  }

  return (
    <Page
      title={t('productImport.title')}
      description={t('productImport.description')}
      width="medium"
      actions={
        <ButtonLink to="/products" variant="ghost">
          {t('products.back')}
        </ButtonLink>
      }
    >
      <div className="flex flex-col gap-6">
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <label htmlFor={inputId} className="mb-2 block font-semibold text-slate-900">
            {t('productImport.choose')}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={choose}
            aria-describedby={`${inputId}-hint`}
            className="block w-full text-slate-700 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
          />
          <div id={`${inputId}-hint`} className="mt-3 flex flex-col gap-2 text-slate-600 text-sm">
            <p>{t('productImport.hint')}</p>
            <p className="break-words">
              {t('productImport.columns')}{' '}
              <code className="font-mono text-xs">{PRODUCT_CSV_COLUMNS.join(',')}</code>
            </p>
            <p>
              {t('productImport.required')}{' '}
              <code className="font-mono text-xs">{PRODUCT_CSV_REQUIRED.join(', ')}</code>
            </p>
          </div>
          <div className="mt-4">
            <ExportButton variant="secondary" label={t('productImport.template')} />
          </div>
        </section>

        {run.isPending ? (
          <Alert>
            {run.variables?.dryRun ? t('productImport.checking') : t('productImport.importing')}
          </Alert>
        ) : null}
        {failure ? <Alert tone="error">{failure}</Alert> : null}

        {outcome?.kind === 'refused' ? <Problems problems={outcome.problems} /> : null}

        {outcome?.kind === 'preview' && file ? (
          <section className="flex flex-col gap-4" aria-label={t('productImport.previewTitle')}>
            <h2 className="font-semibold text-lg text-slate-900">
              {t('productImport.previewTitle')}
            </h2>
            <Counts result={outcome.result} />
            <p className="text-slate-600 text-sm">{t('productImport.previewHint')}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                loading={run.isPending}
                onClick={() => run.mutate({ chosen: file, dryRun: false })}
              >
                {t('productImport.confirm')}
              </Button>
              <Button variant="ghost" onClick={again}>
                {t('common.cancel')}
              </Button>
            </div>
          </section>
        ) : null}

        {outcome?.kind === 'done' ? (
          <section className="flex flex-col gap-4" aria-label={t('productImport.doneTitle')}>
            <Alert tone="success">{t('productImport.doneTitle')}</Alert>
            <Counts result={outcome.result} />
            <div className="flex flex-wrap gap-2">
              <ButtonLink to="/products">{t('productImport.toProducts')}</ButtonLink>
              <Button variant="ghost" onClick={again}>
                {t('productImport.another')}
              </Button>
            </div>
          </section>
        ) : null}
      </div>
    </Page>
  )
}
