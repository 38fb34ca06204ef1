import {
  type AdminProduct,
  DELIVERY_CODE_MAX_LENGTH,
  DELIVERY_CODES_MAX_LINES,
  type DeliveryCodesAdded,
} from '@shop/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ChangeEvent, useId, useRef, useState } from 'react'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { type TFunction, useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { TextAreaField } from '../../shared/ui/Field'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import {
  CODE_FILE_MAX_BYTES,
  CODES_MAX_LINES,
  type CodeLinesProblem,
  inUploads,
  readCodeLines,
  readTextFile,
} from './codeLines'

const countsKey = (id: number) => ['admin', 'product', id, 'codes'] as const

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5 text-center">
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className="font-semibold text-lg text-slate-900 tabular-nums">{value ?? '—'}</dd>
    </div>
  )
}

function problemText(problem: CodeLinesProblem, t: TFunction): string {
  switch (problem.kind) {
    case 'tooMany':
      return t('codes.tooMany', { count: problem.count, max: CODES_MAX_LINES })
    case 'tooLong':
      return t('codes.tooLong', { line: problem.line, max: DELIVERY_CODE_MAX_LENGTH })
    case 'repeated':
      return t('codes.repeated', { line: problem.line, first: problem.first })
  }
}

/**
 * The server names the lines of the codes it received (blank lines left out): each is told as
 * the line of the text the owner sees.
 */
function duplicateText(body: unknown, lineOf: number[], t: TFunction, lang: string): string {
  const sent = (body as { lines?: unknown } | undefined)?.lines
  const lines = Array.isArray(sent)
    ? sent.flatMap((n) => (typeof n === 'number' && lineOf[n - 1] ? [lineOf[n - 1] as number] : []))
    : []
  if (lines.length === 0) return t('codes.duplicate')
  const list = new Intl.ListFormat(lang, { type: 'conjunction' }).format(lines.map(String))
  return t(lines.length === 1 ? 'codes.duplicateLine' : 'codes.duplicateLines', { lines: list })
}

/**
 * A code-delivery product's codes: how many are available, reserved and delivered (never a code),
 * and an upload of new ones, pasted one per line or read from a text file in the browser.
 */
export function CodesPanel({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const fileId = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [fileProblem, setFileProblem] = useState<string | null>(null)
  const [sent, setSent] = useState<DeliveryCodesAdded | null>(null)
  const counts = useQuery({
    queryKey: countsKey(product.id),
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/products/:id/codes', { params: { id: product.id }, signal }),
  })
  const { codes, lineOf, problem } = readCodeLines(text)

  // Codes already added by the earlier uploads of a send that then failed (each is all or none).
  const [partly, setPartly] = useState(0)
  // Where the failed upload's codes start among all codes: the server numbers the lines of its own.
  const [failedFrom, setFailedFrom] = useState(0)
  const upload = useMutation({
    mutationFn: async (all: string[]): Promise<DeliveryCodesAdded> => {
      let result: DeliveryCodesAdded = { added: 0, available: 0 }
      let added = 0
      let sentBefore = 0
      setPartly(0)
      setFailedFrom(0)
      for (const codes of inUploads(all)) {
        try {
          result = await adminCall('POST /api/admin/products/:id/codes', {
            params: { id: product.id },
            body: { codes },
          })
        } catch (error) {
          setPartly(added)
          setFailedFrom(sentBefore)
          throw error
        }
        added += result.added
        sentBefore += codes.length
      }
      return { added, available: result.available }
    },
    onError: async () => {
      await client.invalidateQueries({ queryKey: ['admin', 'product', product.id] })
    },
    onSuccess: async (added) => {
      setText('')
      setSent(added)
      notify.success(t('codes.added', added))
      await client.invalidateQueries({ queryKey: ['admin', 'product', product.id] })
      await client.invalidateQueries({ queryKey: ['admin', 'products'] })
    },
  })

  const edit = (next: string) => {
    setText(next)
    setSent(null)
    setFileProblem(null)
    upload.reset()
  }

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (fileInput.current) fileInput.current.value = ''
    if (!file) return
    if (file.size > CODE_FILE_MAX_BYTES) return setFileProblem(t('codes.fileTooLarge'))
    try {
      edit(await readTextFile(file))
    } catch {
      setFileProblem(t('codes.fileUnreadable'))
    }
  }

  const failure = upload.error
    ? isApiError(upload.error) && upload.error.code === 'CODE_DUPLICATE'
      ? duplicateText(upload.error.body, lineOf.slice(failedFrom), t, i18n.language)
      : getErrorMessage(upload.error, t)
    : null

  return (
    <section
      aria-labelledby="codes-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="codes-title" className="font-semibold text-slate-900">
        {t('codes.title')}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        <Figure label={t('codes.available')} value={counts.data?.available} />
        <Figure label={t('codes.reserved')} value={counts.data?.reserved} />
        <Figure label={t('codes.delivered')} value={counts.data?.delivered} />
      </dl>
      {counts.isError ? (
        <Alert tone="error" className="mt-3">
          {getErrorMessage(counts.error, t)}
        </Alert>
      ) : null}
      <p className="mt-3 text-slate-600 text-sm">{t('codes.text')}</p>
      <form
        noValidate
        className="mt-4 flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          if (codes.length > 0 && !problem) upload.mutate(codes)
        }}
      >
        {sent ? <Alert tone="success">{t('codes.added', sent)}</Alert> : null}
        {failure ? (
          <Alert tone="error">
            {failure}
            {partly > 0 ? ` ${t('codes.partlyAdded', { added: partly })}` : null}
          </Alert>
        ) : null}
        <TextAreaField
          label={t('codes.paste')}
          hint={t('codes.pasteHint', { max: CODES_MAX_LINES, each: DELIVERY_CODES_MAX_LINES })}
          name="codes"
          rows={6}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          value={text}
          onChange={(event) => edit(event.target.value)}
          error={problem ? problemText(problem, t) : null}
        />
        <div>
          <label htmlFor={fileId} className="mb-1.5 block font-medium text-slate-800 text-sm">
            {t('codes.file')}
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept=".txt,text/plain"
            onChange={(event) => void choose(event)}
            className="block w-full text-slate-700 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
          />
          {fileProblem ? (
            <p role="alert" className="mt-1.5 font-medium text-red-700 text-sm">
              {fileProblem}
            </p>
          ) : null}
        </div>
        <p aria-live="polite" className="text-slate-700 text-sm">
          {t('codes.willSend', { count: codes.length })}
        </p>
        <Button
          type="submit"
          variant="secondary"
          disabled={codes.length === 0 || problem !== null}
          loading={upload.isPending}
        >
          {t('codes.submit')}
        </Button>
      </form>
    </section>
  )
}
