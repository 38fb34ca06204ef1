import { type AdminFaq, type AdminFaqItem, AdminFaq as AdminFaqSchema } from '@shop/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { TextAreaField, TextField } from '../../shared/ui/Field'
import { Page } from '../../shared/ui/Page'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { ListEditorFrame } from '../forms/ListEditorFrame'
import { type Keyed, unkeyed, useListEditor } from '../forms/useListEditor'
import { invalidFields } from '../forms/validate'
import { OrderButtons } from '../ui/OrderButtons'
import { QueryView } from '../ui/QueryView'

const FAQ_KEY = ['admin', 'faq'] as const
const EMPTY_ITEM: AdminFaqItem = { question_en: '', answer_en: '', question_lt: '', answer_lt: '' }

function trimmed(items: readonly AdminFaqItem[]): AdminFaqItem[] {
  return items.map((item) => ({
    question_en: item.question_en.trim(),
    answer_en: item.answer_en.trim(),
    question_lt: item.question_lt.trim(),
    answer_lt: item.answer_lt.trim(),
  }))
}

function FaqItemCard({
  item,
  index,
  count,
  invalid,
  onChange,
  onMove,
  onRemove,
}: {
  item: Keyed<AdminFaqItem>
  index: number
  count: number
  invalid: Set<string>
  onChange: (change: Partial<AdminFaqItem>) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
}) {
  const { t } = useTranslation()
  const name = t('faq.itemName', { number: index + 1 })
  const field = (key: keyof AdminFaqItem) => ({
    value: item[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ [key]: event.target.value }),
    error: invalid.has(`items.${index}.${key}`) ? t(`faq.errors.${key}`) : null,
  })
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="font-semibold text-slate-900">{name}</h2>
        <OrderButtons
          name={name}
          first={index === 0}
          last={index === count - 1}
          onMove={onMove}
          onRemove={onRemove}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-3" lang="en">
          <TextField label={t('faq.questionEn')} {...field('question_en')} />
          <TextAreaField label={t('faq.answerEn')} rows={4} {...field('answer_en')} />
        </div>
        <div className="flex flex-col gap-3" lang="lt">
          <TextField label={t('faq.questionLt')} {...field('question_lt')} />
          <TextAreaField label={t('faq.answerLt')} rows={4} {...field('answer_lt')} />
        </div>
      </div>
    </li>
  )
}

function FaqEditor({ stored }: { stored: AdminFaq }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const list = useListEditor<AdminFaqItem>(stored.items)
  const [invalid, setInvalid] = useState<Set<string>>(new Set())
  const [confirming, setConfirming] = useState(false)

  const items = trimmed(unkeyed(list.items))
  const dirty = JSON.stringify(items) !== JSON.stringify(trimmed(stored.items))
  const removed = list.removedCount

  const save = useMutation({
    mutationFn: (body: AdminFaq) => adminCall('PUT /api/admin/faq', { body }),
    onSuccess: (answer) => {
      setConfirming(false)
      client.setQueryData(FAQ_KEY, answer)
      notify.success(t('faq.saved'))
    },
  })

  const submit = () => {
    const found = invalidFields(AdminFaqSchema, { items })
    setInvalid(found)
    if (found.size > 0) return
    if (removed > 0 && !confirming) setConfirming(true)
    else save.mutate({ items })
  }

  return (
    <ListEditorFrame
      summary={t('faq.count', { count: items.length })}
      barClassName="sticky top-16 z-10 -mx-4 mb-4 flex flex-wrap items-center justify-between gap-3 border-slate-200 border-b bg-slate-50/95 px-4 py-3 sm:mx-0 sm:rounded-xl sm:border lg:top-0"
      dirty={dirty}
      onDiscard={() => list.reset(stored.items)}
      onSave={submit}
      saving={save.isPending}
      invalid={invalid.size > 0 ? t('faq.fixErrors') : null}
      saveError={save.error ? getErrorMessage(save.error, t) : null}
      addLabel={t('faq.add')}
      onAdd={() => list.add(EMPTY_ITEM)}
      confirming={confirming}
      confirmTitle={t('faq.confirmTitle')}
      confirmText={t('faq.confirmText', { count: removed })}
      onCloseConfirm={() => {
        setConfirming(false)
        save.reset()
      }}
    >
      <ol className="flex flex-col gap-4">
        {list.items.map((item, index) => (
          <FaqItemCard
            key={item.key}
            item={item}
            index={index}
            count={list.items.length}
            invalid={invalid}
            onChange={(change) => list.update(item.key, change)}
            onMove={(by) => list.move(item.key, by)}
            onRemove={() => list.remove(item.key)}
          />
        ))}
      </ol>
    </ListEditorFrame>
  )
}

/** The FAQ customers read, in both languages and in display order; saved as a whole. */
export function FaqPage() {
  const { t } = useTranslation()
  const faq = useQuery({
    queryKey: FAQ_KEY,
    queryFn: ({ signal }) => adminCall('GET /api/admin/faq', { signal }),
  })
  return (
    <Page title={t('faq.title')} description={t('faq.description')} width="medium">
      {/* A new answer (a refetch, or the saved list) starts the editor again from it. */}
      <QueryView query={faq}>
        {(stored) => <FaqEditor key={faq.dataUpdatedAt} stored={stored} />}
      </QueryView>
    </Page>
  )
}
