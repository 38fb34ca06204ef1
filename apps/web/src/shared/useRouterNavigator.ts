import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { setNavigator } from './navigation'

/** Makes the router the navigation bridge (shared/navigation) while the routes are on screen. */
export function useRouterNavigator(): void {
  const navigate = useNavigate()
  useEffect(() => {
    setNavigator({
      navigate: (to, options) => {
        void navigate(to, options)
      },
      getPathname: () => window.location.pathname,
    })
    return () => setNavigator(null)
  }, [navigate])
}
