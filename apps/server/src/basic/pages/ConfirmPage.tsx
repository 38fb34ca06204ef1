// A question the app asks in a dialog, asked on a page of its own: the answer is a form (yes)
// or a link back (no).
import type { ReactNode } from 'react'
import { buttonClass, PostForm } from '../ui/Form.js'
import { Layout } from '../ui/Layout.js'

interface ConfirmPageProps {
  question: string
  /** What the question is about (the product to remove), under it. */
  detail?: ReactNode
  action: string
  confirmLabel: string
  cancel: { href: string; label: string }
}

export function ConfirmPage({ question, detail, action, confirmLabel, cancel }: ConfirmPageProps) {
  return (
    <Layout title={question}>
      <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <h1 className="font-bold text-2xl text-slate-900">{question}</h1>
        {detail ? <div className="mt-3 text-slate-700">{detail}</div> : null}
        <div className="mt-8 flex flex-wrap gap-3">
          <PostForm action={action}>
            <button type="submit" className={buttonClass.danger}>
              {confirmLabel}
            </button>
          </PostForm>
          <a href={cancel.href} className={buttonClass.secondary}>
            {cancel.label}
          </a>
        </div>
      </section>
    </Layout>
  )
}
