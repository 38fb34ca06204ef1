import {
  type AdminCategories,
  AdminCategoriesBody,
  type AdminCategory,
  type AdminCategoryInput,
} from '@shop/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { TextField } from '../../shared/ui/Field'
import { Page } from '../../shared/ui/Page'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { ListEditorFrame } from '../forms/ListEditorFrame'
import { unkeyed, useListEditor } from '../forms/useListEditor'
import { invalidFields } from '../forms/validate'
import { OrderButtons } from '../ui/OrderButtons'
import { QueryView } from '../ui/QueryView'

const CATEGORIES_KEY = ['admin', 'categories'] as const

/** A category as edited: a stored one keeps its id and ticket count, a new one has neither. */
type EditedCategory = AdminCategoryInput & { tickets: number }

const toEdited = (items: readonly AdminCategory[]): EditedCategory[] =>
  items.map(({ id, name_en, name_lt, tickets }) => ({ id, name_en, name_lt, tickets }))

/** The body: ids kept for the stored categories (renamed), none for new ones (created). */
function toBody(items: readonly EditedCategory[]): AdminCategoriesBody {
  return {
    items: items.map(({ id, name_en, name_lt }) => ({
      ...(id === undefined ? {} : { id }),
      name_en: name_en.trim(),
      name_lt: name_lt.trim(),
    })),
  }
}

function CategoriesEditor({ stored }: { stored: AdminCategories }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const list = useListEditor<EditedCategory>(toEdited(stored.items))
  const [invalid, setInvalid] = useState<Set<string>>(new Set())
  const [confirming, setConfirming] = useState(false)

  const body = toBody(unkeyed(list.items))
  const dirty = JSON.stringify(body) !== JSON.stringify(toBody(toEdited(stored.items)))

  const save = useMutation({
    mutationFn: (sent: AdminCategoriesBody) =>
      adminCall('PUT /api/admin/support/categories', { body: sent }),
    onSuccess: (answer) => {
      setConfirming(false)
      client.setQueryData(CATEGORIES_KEY, answer)
      notify.success(t('categories.saved'))
    },
  })
  const saveError = save.error
    ? isApiError(save.error) && save.error.code === 'IN_USE'
      ? t('categories.inUse')
      : getErrorMessage(save.error, t)
    : null

  const submit = () => {
    const found = invalidFields(AdminCategoriesBody, body)
    setInvalid(found)
    if (found.size > 0) return
    if (list.removedCount > 0 && !confirming) setConfirming(true)
    else save.mutate(body)
  }

  return (
    <ListEditorFrame
      summary={t('categories.count', { count: list.items.length })}
      dirty={dirty}
      onDiscard={() => list.reset(toEdited(stored.items))}
      onSave={submit}
      saving={save.isPending}
      invalid={invalid.has('items') ? t('categories.errors.atLeastOne') : null}
      saveError={saveError}
      addLabel={t('categories.add')}
      onAdd={() => list.add({ name_en: '', name_lt: '', tickets: 0 })}
      confirming={confirming}
      confirmTitle={t('categories.confirmTitle')}
      confirmText={t('categories.confirmText', { count: list.removedCount })}
      onCloseConfirm={() => {
        setConfirming(false)
        save.reset()
      }}
    >
      <ol className="flex flex-col gap-3">
        {list.items.map((item, index) => {
          const name = t('categories.itemName', { number: index + 1 })
          const field = (key: 'name_en' | 'name_lt') => ({
            value: item[key],
            onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
              list.update(item.key, { [key]: event.target.value }),
            error: invalid.has(`items.${index}.${key}`) ? t('categories.errors.name') : null,
          })
          return (
            <li
              key={item.key}
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
            >
              <div className="mb-3 flex items-center justify-between gap-3">
                <h2 className="font-semibold text-slate-900">
                  {name}{' '}
                  <span className="font-normal text-slate-500 text-sm">
                    {item.id === undefined
                      ? t('categories.new')
                      : t('categories.tickets', { count: item.tickets })}
                  </span>
                </h2>
                <OrderButtons
                  name={name}
                  first={index === 0}
                  last={index === list.items.length - 1}
                  onMove={(by) => list.move(item.key, by)}
                  onRemove={() => list.remove(item.key)}
                  removeBlocked={item.tickets > 0 ? t('categories.cannotRemove') : undefined}
                />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField label={t('fields.nameEn')} lang="en" {...field('name_en')} />
                <TextField label={t('fields.nameLt')} lang="lt" {...field('name_lt')} />
              </div>
            </li>
          )
        })}
      </ol>
    </ListEditorFrame>
  )
}

/** The categories customers choose for a ticket, in both languages and in display order. */
export function CategoriesPage() {
  const { t } = useTranslation()
  const categories = useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: ({ signal }) => adminCall('GET /api/admin/support/categories', { signal }),
  })
  return (
    <Page title={t('categories.title')} description={t('categories.description')} width="medium">
      {/* A new answer (a refetch, or the saved list) starts the editor again from it. */}
      <QueryView query={categories}>
        {(stored) => <CategoriesEditor key={categories.dataUpdatedAt} stored={stored} />}
      </QueryView>
    </Page>
  )
}
