import { cpSync } from 'node:fs'
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:8788'
const BUY_ENTRY = path.resolve(import.meta.dirname, 'web/src/pages/buy/main.tsx')
const BUY_FOLDER = path.dirname(BUY_ENTRY)
const APP_ENTRY = path.resolve(import.meta.dirname, 'web/src/main.tsx')

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null }

/** Every module reachable from `entry`: its static imports, and its dynamic ones too when `lazy`. */
function reachable(graph: ModuleGraph, entry: string, lazy: boolean): Set<string> {
  const seen = new Set<string>()
  const visit = (id: string) => {
    if (seen.has(id)) return
    seen.add(id)
    const info = graph.getModuleInfo(id)
    for (const imported of info?.importedIds ?? []) visit(imported)
    if (lazy) for (const imported of info?.dynamicallyImportedIds ?? []) visit(imported)
  }
  visit(entry)
  return seen
}

// The modules a first visit to the buy page needs (everything its entry imports statically), and
// every module the app may load.
const graphs = new WeakMap<ModuleGraph, { buy: Set<string>; app: Set<string> }>()
function entryGraphs(graph: ModuleGraph) {
  let found = graphs.get(graph)
  if (!found) {
    found = { buy: reachable(graph, BUY_ENTRY, false), app: reachable(graph, APP_ENTRY, true) }
    graphs.set(graph, found)
  }
  return found
}

/**
 * The app's modules the buy page shares with the rest of the app (fields, images, formatting) go
 * into one chunk instead of one small file each: one request, and gzip compresses them together.
 * What only the buy page uses (its API calls, the notice's text) stays in the page's own chunk.
 */
function buySharedChunk(id: string, graph: ModuleGraph): string | null {
  const { buy, app } = entryGraphs(graph)
  const shared = buy.has(id) && app.has(id) && !id.includes('node_modules') && !id.startsWith(BUY_FOLDER)
  return shared ? 'buy-shared' : null
}

const SCALAR_BROWSER = path.resolve(import.meta.dirname, 'node_modules/@scalar/api-reference/dist/browser')

/**
 * The API reference at /docs/api (worker/html/api-reference.ts) runs Scalar's standalone ES module,
 * served from our own origin: the site's policy allows no third-party script. Copied as it ships,
 * without source maps or the 4.8 MB UMD build the page does not load; no app bundle imports it.
 */
function scalarReference(): Plugin {
  return {
    name: 'collabkart-scalar-reference',
    apply: 'build',
    writeBundle(options) {
      const out = path.join(options.dir ?? path.resolve(import.meta.dirname, 'dist/web'), 'docs/api/scalar')
      cpSync(SCALAR_BROWSER, out, { recursive: true, filter: (src) => !src.endsWith('.map') && path.basename(src) !== 'standalone.js' })
    },
  }
}

// The SPA lives in web/ and builds into dist/web, the Worker's static assets directory, with two
// entries: the app (index.html) and the buy page (affiliate/track.html, React and that page only,
// rendered by the Worker). In `npm run dev` the Vite server proxies the API, media and the pages the
// Worker writes to `wrangler dev` (API_ORIGIN), which serves the buy page from the last build.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), scalarReference()],
  resolve: { alias: { '@contract': path.resolve(import.meta.dirname, 'worker/contract') } },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // scripts/bundle-size.ts reads the chunk graph from it (the buy page's JavaScript budget).
    manifest: true,
    // Every browser the site supports preloads modules itself; the polyfill cost every page 0.4 kB.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        app: path.resolve(import.meta.dirname, 'web/index.html'),
        buy: path.resolve(import.meta.dirname, 'web/affiliate/track.html'),
      },
      // React in a chunk of its own, shared by both entries: a buyer who goes on to the catalogue
      // has it cached, and the buy page's code is not mixed into it.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[\\/:]runtime/, priority: 2 },
            { name: buySharedChunk, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(['/api', '/media', '/affiliate/track', '/assets', '/robots.txt', '/sitemap.xml', '/docs/api'].map((p) => [p, api])),
  },
})
