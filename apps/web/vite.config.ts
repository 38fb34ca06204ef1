import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { build, createServer, defineConfig, type Plugin } from 'vite'
import en from './src/locales/en.json' with { type: 'json' }
import lt from './src/locales/lt.json' with { type: 'json' }

// Use the contract's TypeScript source directly instead of its compiled dist.
const contractSource = fileURLToPath(
  new URL('../../packages/contract/src/index.ts', import.meta.url),
)

// The contract's modules only declare schemas and constants. Marking them side-effect free lets
// the bundle keep just the constants the app uses, without TypeBox and every schema (~80 kB).
const contractModule = /[\\/]packages[\\/]contract[\\/]src[\\/]/

const root = fileURLToPath(new URL('.', import.meta.url))

// How the customer app is split into files. Every file a visitor may load counts against the
// JavaScript budget (150 KB gzip, docs/performance.md), and each one adds its own import and export
// lists and a gzip stream that shares nothing with the others: left to itself, the bundler made 38
// files, a dozen of them below 1 KB, for helpers that two screens share. So the files follow the
// app's structure instead:
// - index: the landing page's script (src/boot.ts) and Vite's preload helper, which the router's
//   lazy imports use as well (it would otherwise move into `app`, which the static landing page
//   would then download);
// - app: what every screen of the app needs, loaded with src/main.tsx: the layout and routes
//   (src/app), the shared layer (src/shared) and what they import, React and its libraries among it;
// - payment: the SOL payment panel with its QR code library, loaded by checkout and the top-up only;
// - one file per feature folder (src/features/<name>): its screens and their parts, so the list and
//   the detail of the products, of the orders, login and sign-up arrive together.
// A lazily imported library (altcha-lib's solver) keeps a file of its own.
const appFile = /[\\/]apps[\\/]web[\\/]src[\\/](main\.tsx$|app[\\/]|shared[\\/](?!payment[\\/]))/
const entryFile =
  /[\\/]apps[\\/]web[\\/](index\.html$|src[\\/](boot|features[\\/]landing[\\/]telegram)\.ts$)|^\0vite[\\/]preload-helper/
const paymentFile =
  /[\\/]apps[\\/]web[\\/]src[\\/]shared[\\/]payment[\\/]|[\\/]node_modules[\\/]qrcode\.react[\\/]/
const featureFile = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/
const customerChunks = {
  groups: [
    { name: 'index', priority: 3, test: (id: string) => entryFile.test(id) },
    { name: 'app', priority: 2, test: (id: string) => appFile.test(id) },
    { name: 'payment', priority: 1, test: (id: string) => paymentFile.test(id) },
    {
      name: (id: string) => featureFile.exec(id)?.[1] ?? null,
      debugName: 'features',
      test: featureFile,
    },
  ],
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

const NOSCRIPT_MARKER =
  '<!-- shop:noscript (vite.config.ts: the way to the basic shop when JavaScript is off) -->'

/**
 * The top of every page the app serves, for a browser with JavaScript off: a sentence and the
 * link to the basic shop (/basic, server-rendered), in both languages, its texts from the
 * locales (basic.noscript) like the basic shop's own.
 */
function noscriptNotice(): Plugin {
  const line = (texts: typeof en, lang: 'en' | 'lt') =>
    `<span lang="${lang}">${escapeAttribute(texts.basic.noscript.text)} ` +
    `<a class="font-semibold underline" href="/basic?lang=${lang}">${escapeAttribute(texts.basic.noscript.link)}</a></span>`
  const notice =
    '<noscript><p class="bg-amber-100 px-4 py-3 text-center text-slate-900 text-sm">' +
    `${line(en, 'en')} · ${line(lt, 'lt')}</p></noscript>`
  return {
    name: 'shop:noscript-notice',
    transformIndexHtml(html) {
      if (!html.includes(NOSCRIPT_MARKER))
        throw new Error('a page of the app lacks the noscript marker')
      return html.replace(NOSCRIPT_MARKER, notice)
    },
  }
}

/**
 * Renders the landing page to static HTML at build time, in English into #root and in Lithuanian
 * into a <template>, so an anonymous visitor of / sees it without the React app (src/boot.ts).
 */
function prerenderLanding(): Plugin {
  return {
    name: 'shop:prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const server = await createServer({
          configFile: false,
          root,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          resolve: { alias: { '@shop/contract': contractSource } },
          plugins: [react()],
        })
        try {
          const { renderLanding } = (await server.ssrLoadModule('/src/landing/prerender.tsx')) as {
            renderLanding: (lang: 'en' | 'lt') => Promise<{ html: string; title: string }>
          }
          const en = await renderLanding('en')
          const lt = await renderLanding('lt')
          const rootTag = '<div id="root"></div>'
          if (!html.includes(rootTag)) throw new Error('index.html has no empty #root to fill')
          return html
            .replace(/<title>[^<]*<\/title>/, `<title>${en.title}</title>`)
            .replace(
              rootTag,
              `<div id="root" data-prerendered="landing" data-title="${escapeAttribute(en.title)}">${en.html}</div>` +
                `<template id="landing-lt" data-title="${escapeAttribute(lt.title)}">${lt.html}</template>`,
            )
        } finally {
          await server.close()
        }
      },
    },
  }
}

/**
 * The back office (admin.html, served at /admin): built once the customer app is, as a build of its
 * own into the same folder. The two apps then share no chunk, so the customer app's files are the
 * same as without it: in one build with two inputs, React and Vite's preload helper move to
 * chunks both apps load, and the static landing page needs a second script.
 */
function buildBackOffice(): Plugin {
  let outDir = 'dist'
  return {
    name: 'shop:build-back-office',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        resolve: { alias: { '@shop/contract': contractSource } },
        plugins: [react(), tailwindcss(), noscriptNotice()],
        build: {
          outDir,
          emptyOutDir: false,
          sourcemap: false,
          rolldownOptions: {
            input: fileURLToPath(new URL('admin.html', import.meta.url)),
            treeshake: {
              moduleSideEffects: (id) => (contractModule.test(id) ? false : undefined),
            },
          },
        },
      })
    },
  }
}

/** `vite` and `vite preview` answer /admin and every path below it with the back office's page. */
function serveBackOffice(): Plugin {
  const toAdminPage = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url && /^\/admin(?:[/?#]|$)/.test(req.url)) req.url = '/admin.html'
    next()
  }
  return {
    name: 'shop:serve-back-office',
    configureServer(server) {
      server.middlewares.use(toAdminPage)
    },
    configurePreviewServer(server) {
      server.middlewares.use(toAdminPage)
    },
  }
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    noscriptNotice(),
    prerenderLanding(),
    buildBackOffice(),
    serveBackOffice(),
  ],
  resolve: {
    alias: { '@shop/contract': contractSource },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser of the build target (baseline-widely-available) supports modulepreload, so the
    // landing page's script does without Vite's polyfill for it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id) => (contractModule.test(id) ? false : undefined),
      },
      output: { codeSplitting: customerChunks },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
})
