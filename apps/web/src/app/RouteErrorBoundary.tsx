import { Component, type ReactNode } from 'react'
import { RouteError } from './RouteError'

interface RouteErrorBoundaryProps {
  /** A new key (the path) clears the error, so navigating away recovers. */
  resetKey: string
  children: ReactNode
}

interface RouteErrorBoundaryState {
  failed: boolean
  key: string
}

/** Shows RouteError when a page fails to render or its code cannot be loaded. */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { failed: false, key: this.props.resetKey }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey }
  }

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    console.error('Page failed to render', error)
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}
