// The back office's entry (admin.html, served at /admin): a separate bundle, so the customer app
// never downloads any of it.
import './admin.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { AdminProviders } from './app/AdminProviders'
import { AdminRoutes } from './app/routes'
import { initAdminI18n } from './i18n'

const container = document.getElementById('admin')
if (!container) throw new Error('Missing #admin element in admin.html')

function render() {
  createRoot(container as HTMLElement).render(
    <StrictMode>
      <AdminProviders>
        <BrowserRouter basename="/admin">
          <AdminRoutes />
        </BrowserRouter>
      </AdminProviders>
    </StrictMode>,
  )
}

// The texts come first; if they cannot be fetched the back office still starts (keys show).
initAdminI18n().then(render, (error: unknown) => {
  console.error(error)
  render()
})
