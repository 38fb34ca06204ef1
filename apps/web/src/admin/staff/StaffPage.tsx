import type { StaffMember, StaffRole, UpdateStaffBody } from '@shop/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Badge } from '../../shared/ui/Badge'
import { Button } from '../../shared/ui/Button'
import { PlusIcon } from '../../shared/ui/icons'
import { Modal } from '../../shared/ui/Modal'
import { Page } from '../../shared/ui/Page'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { useStaff } from '../auth/session'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { QueryView } from '../ui/QueryView'
import { Table, Td, Th, Tr } from '../ui/Table'
import { InviteDialog, InviteLink } from './InviteDialog'

const STAFF_KEY = ['admin', 'staff'] as const

type Change = { member: StaffMember; body: UpdateStaffBody }

function Status({ member }: { member: StaffMember }) {
  const { t } = useTranslation()
  if (member.disabled) return <Badge tone="red">{t('staff.disabled')}</Badge>
  if (!member.activated) return <Badge tone="blue">{t('staff.invited')}</Badge>
  return <Badge tone="green">{t('staff.active')}</Badge>
}

/** The staff accounts: invite, change a role, disable or enable, a new link for an invitation. */
export function StaffPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const client = useQueryClient()
  const me = useStaff()
  const staff = useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => adminCall('GET /api/admin/staff', { signal }),
  })
  const [inviting, setInviting] = useState(false)
  const [change, setChange] = useState<Change | null>(null)
  const [link, setLink] = useState<{ username: string; url: string } | null>(null)

  const refresh = () => client.invalidateQueries({ queryKey: STAFF_KEY })
  const update = useMutation({
    mutationFn: ({ member, body }: Change) =>
      adminCall('PATCH /api/admin/staff/:id', { params: { id: member.id }, body }),
    onSuccess: async () => {
      setChange(null)
      notify.success(t('common.saved'))
      await refresh()
    },
  })
  const reinvite = useMutation({
    mutationFn: (member: StaffMember) =>
      adminCall('POST /api/admin/staff/:id/invite', { params: { id: member.id } }),
    onSuccess: (answer, member) => setLink({ username: member.username, url: answer.invite_url }),
    onError: (error) => notify.error(getErrorMessage(error, t)),
  })

  const ask = (member: StaffMember, body: UpdateStaffBody) => {
    update.reset()
    setChange({ member, body })
  }
  const question = (pending: Change) => {
    if (pending.body.disabled === true)
      return t('staff.disableText', { username: pending.member.username })
    if (pending.body.disabled === false)
      return t('staff.enableText', { username: pending.member.username })
    return t('staff.roleText', {
      username: pending.member.username,
      role: t(`roles.${pending.body.role ?? 'support'}`),
    })
  }

  return (
    <Page
      title={t('staff.title')}
      description={t('staff.description')}
      actions={
        <Button onClick={() => setInviting(true)}>
          <PlusIcon className="size-4" />
          {t('staff.invite')}
        </Button>
      }
    >
      <QueryView query={staff}>
        {({ staff: rows }) => (
          <Table
            caption={t('staff.title')}
            head={
              <>
                <Th>{t('staff.username')}</Th>
                <Th>{t('staff.role')}</Th>
                <Th>{t('staff.status')}</Th>
                <Th>{t('staff.lastSignIn')}</Th>
                <Th>
                  <span className="sr-only">{t('common.actions')}</span>
                </Th>
              </>
            }
          >
            {rows.map((member) => {
              const self = member.id === me?.id
              const otherRole: StaffRole = member.role === 'owner' ? 'support' : 'owner'
              return (
                <Tr key={member.id}>
                  <Td className="font-semibold text-slate-900">
                    {member.username}
                    {self ? (
                      <span className="ml-1 font-normal text-slate-500">{t('staff.you')}</span>
                    ) : null}
                  </Td>
                  <Td label={t('staff.role')}>{t(`roles.${member.role}`)}</Td>
                  <Td label={t('staff.status')}>
                    <Status member={member} />
                  </Td>
                  <Td label={t('staff.lastSignIn')} className="whitespace-nowrap">
                    {member.last_sign_in_at ? format.dateTime(member.last_sign_in_at) : '—'}
                  </Td>
                  <Td>
                    {self ? null : (
                      <div className="flex flex-wrap gap-1 max-md:-ml-3 md:justify-end">
                        {!member.activated && !member.disabled ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            loading={reinvite.isPending && reinvite.variables?.id === member.id}
                            onClick={() => reinvite.mutate(member)}
                          >
                            {t('staff.newLink')}
                          </Button>
                        ) : null}
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => ask(member, { role: otherRole })}
                        >
                          {t(`staff.makeRole.${otherRole}`)}
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => ask(member, { disabled: !member.disabled })}
                        >
                          {member.disabled ? t('staff.enable') : t('staff.disable')}
                        </Button>
                      </div>
                    )}
                  </Td>
                </Tr>
              )
            })}
          </Table>
        )}
      </QueryView>
      {inviting ? (
        <InviteDialog onInvited={() => void refresh()} onClose={() => setInviting(false)} />
      ) : null}
      <ConfirmDialog
        open={change !== null}
        title={t('staff.confirmTitle')}
        confirmLabel={t('common.confirm')}
        tone={change?.body.disabled === true ? 'danger' : 'primary'}
        pending={update.isPending}
        error={update.error ? getErrorMessage(update.error, t) : null}
        onConfirm={() => change && update.mutate(change)}
        onClose={() => setChange(null)}
      >
        {change ? question(change) : null}
      </ConfirmDialog>
      <Modal open={link !== null} onClose={() => setLink(null)} title={t('staff.newLink')}>
        {link ? <InviteLink username={link.username} url={link.url} /> : null}
        <div className="mt-6 flex justify-end">
          <Button onClick={() => setLink(null)}>{t('common.done')}</Button>
        </div>
      </Modal>
    </Page>
  )
}
