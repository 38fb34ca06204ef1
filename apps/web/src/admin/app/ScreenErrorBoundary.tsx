import { Component, type ReactNode } from 'react'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'

function ScreenError() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="font-bold text-2xl text-slate-900">{t('errors.pageTitle')}</h1>
      <p className="text-slate-600">{t('errors.pageText')}</p>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </div>
  )
}

interface Props {
  /** A new key (the path) clears the error, so navigating away recovers. */
  resetKey: string
  children: ReactNode
}

/** Shows a reload notice when a screen fails to render or its code cannot be loaded. */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey }
  }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    console.error('Screen failed to render', error)
  }

  override render() {
    return this.state.failed ? <ScreenError /> : this.props.children
  }
}
