import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Use the contract's TypeScript source directly instead of its compiled dist.
const contractSource = fileURLToPath(
  new URL('../../packages/contract/src/index.ts', import.meta.url),
)

// The contract's modules only declare schemas and constants. Marking them side-effect free lets
// the bundle keep just the constants the app uses, without TypeBox and every schema (~80 kB).
const contractModule = /[\\/]packages[\\/]contract[\\/]src[\\/]/

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@shop/contract': contractSource },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id) => (contractModule.test(id) ? false : undefined),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
})
