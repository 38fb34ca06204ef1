import { type AdminProduct, IMAGE_MAX_BYTES, IMAGE_TYPES } from '@shop/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ChangeEvent, useId, useRef, useState } from 'react'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { BoxIcon } from '../ui/icons'

const ACCEPTED: readonly string[] = IMAGE_TYPES

/** A chosen file as a data: URL (the Content-Security-Policy allows data: images, not blob:). */
function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

/**
 * The product's picture: the one stored, or a chosen file's preview before it is sent. The file
 * goes as the raw body with its own Content-Type (JPEG, PNG or WebP, at most 5 MB); the server
 * re-encodes it without its metadata.
 */
export function ImagePanel({ product }: { product: AdminProduct }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [confirmRemove, setConfirmRemove] = useState(false)

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['admin', 'product', product.id] })
    await client.invalidateQueries({ queryKey: ['admin', 'products'] })
  }
  const clear = () => {
    setFile(null)
    setPreview(null)
    if (input.current) input.current.value = ''
  }

  const upload = useMutation({
    mutationFn: (image: File) =>
      adminCall('PUT /api/admin/products/:id/image', { params: { id: product.id }, raw: image }),
    onSuccess: async () => {
      clear()
      notify.success(t('image.uploaded'))
      await refresh()
    },
    onError: (error) => setProblem(getErrorMessage(error, t)),
  })
  const remove = useMutation({
    mutationFn: () =>
      adminCall('DELETE /api/admin/products/:id/image', { params: { id: product.id } }),
    onSuccess: async () => {
      setConfirmRemove(false)
      notify.success(t('image.removed'))
      await refresh()
    },
  })

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null
    setProblem(null)
    if (!chosen) return clear()
    if (!ACCEPTED.includes(chosen.type)) {
      clear()
      return setProblem(t('image.wrongType'))
    }
    if (chosen.size > IMAGE_MAX_BYTES) {
      clear()
      return setProblem(t('image.tooLarge'))
    }
    setFile(chosen)
    setPreview(await readAsDataUrl(chosen))
  }

  const shown = preview ?? product.image_url
  return (
    <section
      aria-labelledby="image-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="image-title" className="font-semibold text-slate-900">
        {t('image.title')}
      </h2>
      <div className="mt-3 flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        {shown ? (
          <img
            src={shown}
            alt={preview ? t('image.previewAlt') : t('image.currentAlt')}
            className="size-full object-contain"
          />
        ) : (
          <span className="flex flex-col items-center gap-2 text-slate-600 text-sm">
            <BoxIcon className="size-8" />
            {t('image.none')}
          </span>
        )}
      </div>
      {problem ? (
        <Alert tone="error" className="mt-3">
          {problem}
        </Alert>
      ) : null}
      <label htmlFor={inputId} className="mt-4 mb-1.5 block font-medium text-slate-800 text-sm">
        {t('image.choose')}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        onChange={(event) => void choose(event)}
        aria-describedby={`${inputId}-hint`}
        className="block w-full text-slate-700 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
      />
      <p id={`${inputId}-hint`} className="mt-1.5 text-slate-500 text-sm">
        {t('image.hint')}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          disabled={!file}
          loading={upload.isPending}
          onClick={() => file && upload.mutate(file)}
        >
          {t('image.upload')}
        </Button>
        {file ? (
          <Button variant="ghost" onClick={clear}>
            {t('common.cancel')}
          </Button>
        ) : product.image_url ? (
          <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
            {t('image.remove')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmRemove}
        title={t('image.removeTitle')}
        confirmLabel={t('image.remove')}
        pending={remove.isPending}
        error={remove.error ? getErrorMessage(remove.error, t) : null}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setConfirmRemove(false)
          remove.reset()
        }}
      >
        {t('image.removeText')}
      </ConfirmDialog>
    </section>
  )
}
