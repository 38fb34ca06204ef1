import { LocalizedNameBody } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { TextField } from '../../shared/ui/Field'
import { Modal } from '../../shared/ui/Modal'
import { AdminForm } from '../forms/AdminForm'
import { useForm } from '../forms/useForm'
import { DialogActions } from '../ui/DialogActions'

interface NameDialogProps {
  title: string
  /** The names being changed; empty for a new place. */
  initial?: LocalizedNameBody
  /** Sends the names (a new place) or what changed of them (a rename). */
  save: (names: Partial<LocalizedNameBody>) => Promise<unknown>
  onClose: () => void
}

/** A city's or district's name in English and Lithuanian, for a new place or a rename. */
export function NameDialog({ title, initial, save, onClose }: NameDialogProps) {
  const { t } = useTranslation()
  const form = useForm({ name_en: initial?.name_en ?? '', name_lt: initial?.name_lt ?? '' })
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: onClose,
    onError: (error) => form.setFormError(getErrorMessage(error, t)),
  })
  const body: LocalizedNameBody = {
    name_en: form.values.name_en.trim(),
    name_lt: form.values.name_lt.trim(),
  }
  return (
    <Modal open onClose={onClose} title={title}>
      <AdminForm
        form={form}
        onSubmit={(event) => {
          if (!form.check(event, LocalizedNameBody, body, () => t('places.errors.name'))) return
          const changed = initial
            ? Object.fromEntries(
                Object.entries(body).filter(
                  ([key, value]) => initial[key as keyof LocalizedNameBody] !== value,
                ),
              )
            : body
          if (Object.keys(changed).length === 0) onClose()
          else mutation.mutate(changed)
        }}
      >
        <TextField label={t('fields.nameEn')} lang="en" {...form.text('name_en')} />
        <TextField label={t('fields.nameLt')} lang="lt" {...form.text('name_lt')} />
        <DialogActions onBack={onClose}>
          <Button type="submit" loading={mutation.isPending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </AdminForm>
    </Modal>
  )
}
