import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { Providers } from './app/providers'
import { AppRoutes } from './app/router'
import { initI18n } from './shared/i18n'

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

function render() {
  createRoot(container as HTMLElement).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  )
}

// The texts of the active language come first; if they cannot be fetched, the app still starts
// (keys show until the next load) rather than leaving a blank page.
initI18n().then(render, (error: unknown) => {
  console.error(error)
  render()
})
