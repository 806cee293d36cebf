import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The SPA lives in web/ and builds into dist/web, the Worker's static assets directory.
// In `npm run dev` the Vite server proxies the API and media to `wrangler dev` (API_ORIGIN).
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@contract': path.resolve(import.meta.dirname, 'worker/contract') } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // scripts/bundle-size.ts reads the chunk graph from it (the buy page's JavaScript budget).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': process.env.API_ORIGIN ?? 'http://127.0.0.1:8788',
      '/media': process.env.API_ORIGIN ?? 'http://127.0.0.1:8788',
    },
  },
})
