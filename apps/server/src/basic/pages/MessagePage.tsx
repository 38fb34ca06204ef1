// A page with a heading, a sentence and a way on: refusals (403, 404), errors and notices.
import { Layout } from '../ui/Layout.js'

interface MessagePageProps {
  title: string
  text: string
  link: { href: string; label: string }
}

export function MessagePage({ title, text, link }: MessagePageProps) {
  return (
    <Layout title={title}>
      <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <h1 className="font-bold text-2xl text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-700">{text}</p>
        <p className="mt-6">
          <a href={link.href} className="font-medium text-emerald-800 underline underline-offset-4">
            {link.label}
          </a>
        </p>
      </section>
    </Layout>
  )
}
