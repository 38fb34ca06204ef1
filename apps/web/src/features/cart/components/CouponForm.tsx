import { type FormEvent, useState } from 'react'
import { getErrorMessage } from '../../../shared/api/errors'
import { useTranslation } from '../../../shared/i18n'
import { Button } from '../../../shared/ui/Button'
import { TextField } from '../../../shared/ui/Field'
import { TagIcon } from '../../../shared/ui/icons'
import { useApplyCoupon, useRemoveCoupon } from '../api/cartActions'

interface CouponFormProps {
  appliedCode: string | null
}

/** The coupon entry (apply disabled for a blank code), or the applied coupon with remove. */
export function CouponForm({ appliedCode }: CouponFormProps) {
  const { t } = useTranslation()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const apply = useApplyCoupon()
  const remove = useRemoveCoupon()

  if (appliedCode) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-emerald-200 bg-emerald-50 py-2 pr-2 pl-3">
        <p className="flex min-w-0 items-center gap-2 text-emerald-900 text-sm">
          <TagIcon className="size-5 shrink-0" />
          <span>
            {t('cart.coupon.applied')}{' '}
            <strong className="break-all font-mono font-semibold">{appliedCode}</strong>
          </span>
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => remove.mutate()}
          loading={remove.isPending}
          aria-label={t('cart.coupon.removeCode', { code: appliedCode })}
          className="text-emerald-900 hover:bg-emerald-100"
        >
          {t('cart.coupon.remove')}
        </Button>
      </div>
    )
  }

  const blank = code.trim() === ''
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (blank) return
    setError(null)
    apply.mutate(code.trim(), {
      onSuccess: () => setCode(''),
      onError: (failure) => setError(getErrorMessage(failure, t)),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex items-start gap-2">
      <TextField
        label={t('cart.coupon.label')}
        placeholder={t('cart.coupon.placeholder')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value)
          setError(null)
        }}
        error={error}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        wrapperClassName="flex-1"
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={blank}
        loading={apply.isPending}
        className="mt-7 h-11 sm:h-10"
      >
        {t('cart.coupon.apply')}
      </Button>
    </form>
  )
}
