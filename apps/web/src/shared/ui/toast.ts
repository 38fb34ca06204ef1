import { toast } from 'react-hot-toast/headless'

// The headless build of react-hot-toast: state and timers only, no injected <style> tag
// (the server's Content-Security-Policy forbids inline styles). <Toaster /> renders the toasts.

export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast(message),
  dismiss: (id?: string) => toast.dismiss(id),
}
