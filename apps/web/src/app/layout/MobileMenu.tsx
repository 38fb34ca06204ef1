import { useEffect } from 'react'
import { NavLink } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { LogoutIcon, UserIcon } from '../../shared/ui/icons'
import { LanguageToggle } from './LanguageToggle'
import { NavItems } from './NavItems'

interface MobileMenuProps {
  id: string
  open: boolean
  onClose: () => void
  userName: string
  onLogout: () => void
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center rounded-lg px-3 py-3 font-medium text-base ${
    isActive ? 'bg-slate-100 text-slate-900' : 'text-slate-700 hover:bg-slate-50'
  }`

/** The signed-in navigation below the md breakpoint: the header's links plus the profile. */
export function MobileMenu({ id, open, onClose, userName, onLogout }: MobileMenuProps) {
  const { t } = useTranslation()

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, onClose])

  return (
    <div id={id} hidden={!open} className="border-slate-200 border-t bg-white md:hidden">
      <nav aria-label={t('nav.mobile')} className="mx-auto max-w-6xl px-4 py-3">
        <ul className="flex flex-col gap-0.5">
          <NavItems linkClass={linkClass} />
          <li>
            <NavLink to="/profile" className={linkClass}>
              <UserIcon className="mr-2 size-5 text-slate-500" />
              {t('nav.profile')}
              <span className="ml-auto max-w-[50%] truncate font-normal text-slate-600 text-sm">
                {userName}
              </span>
            </NavLink>
          </li>
        </ul>
        <div className="mt-3 flex items-center justify-between gap-3 border-slate-200 border-t pt-3">
          <LanguageToggle />
          <button
            type="button"
            onClick={onLogout}
            className="flex h-10 items-center gap-2 rounded-lg px-3 font-medium text-slate-700 text-sm hover:bg-slate-100"
          >
            <LogoutIcon className="size-5" />
            {t('nav.logout')}
          </button>
        </div>
      </nav>
    </div>
  )
}
