import type { AdminCity, AdminDistrict, LocalizedNameBody } from '@shop/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { PinIcon, PlusIcon, TrashIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { citiesQueryOptions } from '../api/queries'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { PencilIcon } from '../ui/icons'
import { useLocalName } from '../ui/localName'
import { QueryView } from '../ui/QueryView'
import { NameDialog } from './NameDialog'

const CITIES_KEY = citiesQueryOptions.queryKey

type Editing =
  | { kind: 'new-city' }
  | { kind: 'city'; city: AdminCity }
  | { kind: 'new-district'; city: AdminCity }
  | { kind: 'district'; district: AdminDistrict }

type Deleting = { kind: 'city'; city: AdminCity } | { kind: 'district'; district: AdminDistrict }

function IconButton({
  label,
  onClick,
  danger = false,
  children,
}: {
  label: string
  onClick: () => void
  danger?: boolean
  children: React.ReactNode
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      title={label}
      className={`flex size-9 items-center justify-center rounded-lg ${
        danger
          ? 'text-slate-500 hover:bg-red-50 hover:text-red-700'
          : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900'
      }`}
    >
      {children}
      <span className="sr-only">{label}</span>
    </button>
  )
}

/** Cities and their districts: add, rename in both languages, delete what nothing uses. */
export function PlacesPage() {
  const { t, i18n } = useTranslation()
  const name = useLocalName()
  /** The name in the other language, marked with it, when it differs: "LT: Žaliakalnis · ". */
  const otherName = (item: { name_en: string; name_lt: string }) => {
    const other = i18n.language === 'lt' ? 'en' : 'lt'
    const text = other === 'lt' ? item.name_lt : item.name_en
    return text === name(item) ? '' : `${t(`language.short.${other}`)}: ${text} · `
  }
  const client = useQueryClient()
  const cities = useQuery(citiesQueryOptions)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<Deleting | null>(null)

  const refresh = () => client.invalidateQueries({ queryKey: CITIES_KEY })
  const save = async (names: Partial<LocalizedNameBody>) => {
    if (!editing) return
    const full = names as LocalizedNameBody
    if (editing.kind === 'new-city') await adminCall('POST /api/admin/cities', { body: full })
    if (editing.kind === 'city') {
      await adminCall('PATCH /api/admin/cities/:id', {
        params: { id: editing.city.id },
        body: names,
      })
    }
    if (editing.kind === 'new-district') {
      await adminCall('POST /api/admin/cities/:id/districts', {
        params: { id: editing.city.id },
        body: full,
      })
    }
    if (editing.kind === 'district') {
      await adminCall('PATCH /api/admin/districts/:id', {
        params: { id: editing.district.id },
        body: names,
      })
    }
    notify.success(t('common.saved'))
    await refresh()
  }

  const remove = useMutation({
    mutationFn: (target: Deleting) =>
      target.kind === 'city'
        ? adminCall('DELETE /api/admin/cities/:id', { params: { id: target.city.id } })
        : adminCall('DELETE /api/admin/districts/:id', { params: { id: target.district.id } }),
    onSuccess: async () => {
      setDeleting(null)
      notify.success(t('common.deleted'))
      await refresh()
    },
  })

  const dialogTitle = (state: Editing) =>
    ({
      'new-city': t('places.addCity'),
      city: t('places.renameCity'),
      'new-district': t('places.addDistrict'),
      district: t('places.renameDistrict'),
    })[state.kind]
  const initialNames = (state: Editing) =>
    state.kind === 'city' ? state.city : state.kind === 'district' ? state.district : undefined

  return (
    <Page
      title={t('places.title')}
      description={t('places.description')}
      actions={
        <Button onClick={() => setEditing({ kind: 'new-city' })}>
          <PlusIcon className="size-4" />
          {t('places.addCity')}
        </Button>
      }
    >
      <QueryView query={cities}>
        {({ cities: list }) =>
          list.length === 0 ? (
            <EmptyState icon={<PinIcon />} title={t('places.empty')} />
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {list.map((city) => (
                <li
                  key={city.id}
                  className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 className="font-semibold text-lg text-slate-900">{name(city)}</h2>
                      <p className="text-slate-500 text-sm">
                        {otherName(city)}
                        {t('places.products', { count: city.products })}
                      </p>
                    </div>
                    <div className="flex shrink-0">
                      <IconButton
                        label={t('places.renameNamed', { name: name(city) })}
                        onClick={() => setEditing({ kind: 'city', city })}
                      >
                        <PencilIcon className="size-4" />
                      </IconButton>
                      <IconButton
                        danger
                        label={t('places.deleteNamed', { name: name(city) })}
                        onClick={() => setDeleting({ kind: 'city', city })}
                      >
                        <TrashIcon className="size-4" />
                      </IconButton>
                    </div>
                  </div>
                  <h3 className="mt-4 font-semibold text-slate-500 text-xs uppercase tracking-wide">
                    {t('places.districts')}
                  </h3>
                  {city.districts.length === 0 ? (
                    <p className="mt-2 text-slate-500 text-sm">{t('places.noDistricts')}</p>
                  ) : (
                    <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
                      {city.districts.map((district) => (
                        <li key={district.id} className="flex items-center gap-2 py-1 pr-1 pl-3">
                          <span className="min-w-0 flex-1 text-sm">
                            <span className="block truncate font-medium text-slate-900">
                              {name(district)}
                            </span>
                            <span className="block truncate text-slate-500 text-xs">
                              {otherName(district)}
                              {t('places.products', { count: district.products })}
                            </span>
                          </span>
                          <IconButton
                            label={t('places.renameNamed', { name: name(district) })}
                            onClick={() => setEditing({ kind: 'district', district })}
                          >
                            <PencilIcon className="size-4" />
                          </IconButton>
                          <IconButton
                            danger
                            label={t('places.deleteNamed', { name: name(district) })}
                            onClick={() => setDeleting({ kind: 'district', district })}
                          >
                            <TrashIcon className="size-4" />
                          </IconButton>
                        </li>
                      ))}
                    </ul>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-3"
                    onClick={() => setEditing({ kind: 'new-district', city })}
                  >
                    <PlusIcon className="size-4" />
                    {t('places.addDistrict')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      {editing ? (
        <NameDialog
          title={dialogTitle(editing)}
          initial={initialNames(editing)}
          save={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === 'city' ? t('places.deleteCity') : t('places.deleteDistrict')}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={
          remove.error
            ? isApiError(remove.error) && remove.error.code === 'IN_USE'
              ? t(deleting?.kind === 'city' ? 'places.cityInUse' : 'places.districtInUse')
              : getErrorMessage(remove.error, t)
            : null
        }
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => {
          setDeleting(null)
          remove.reset()
        }}
      >
        {deleting
          ? t('places.deleteText', {
              name: name(deleting.kind === 'city' ? deleting.city : deleting.district),
            })
          : null}
      </ConfirmDialog>
    </Page>
  )
}
