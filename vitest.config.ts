import path from 'node:path'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

const contract = path.join(import.meta.dirname, 'worker/contract')

export default defineConfig(async () => ({
  test: {
    projects: [
      {
        // The Worker, its routes and domain functions, inside workerd with Miniflare's D1, R2 and KV.
        // The aliases are wrangler.toml's: the Worker renders the buy page with the web app's components.
        resolve: {
          alias: [
            { find: '@web/buy-render', replacement: path.join(import.meta.dirname, 'web/src/pages/buy/render.ts') },
            { find: '@contract', replacement: contract },
          ],
        },
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // The page templates as the source has them (web/index.html, web/affiliate/track.html):
              // the Worker suites run before the build, and only the head and body the Worker writes matter.
              assets: { directory: './web', assetConfig: { not_found_handling: 'single-page-application' } },
              bindings: {
                JWT_SECRET: 'test-secret',
                // A local run: links follow the test's address (middleware/public-origin.ts).
                ALLOW_HOST_ORIGIN: '1',
                // New password hashes at 1,000 PBKDF2 iterations instead of production's 100,000: the
                // suites sign up about a thousand accounts (decision 265; passwords.test.ts keeps one
                // derivation at the production count).
                PASSWORD_ITERATIONS: '1000',
                // Every answer parsed with its route's schema (worker/routes/define.ts, decision 283).
                CHECK_ANSWERS: '1',
                // Payout providers are the in-process stand-ins (decision 298).
                PAYOUT_STAND_IN: '1',
                TEST_MIGRATIONS: await readD1Migrations(path.join(import.meta.dirname, 'migrations')),
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          // Worker code checked with Node-only tools (code generation, which workerd refuses): run by the project below.
          exclude: ['tests/worker/**/*.node.test.ts'],
          // CI has two cores and some tests fire hundreds of requests at once; another suite may share
          // them. The limits only stop a hang: a slow machine makes a test slower, never a failure.
          // Property tests state their own (tests/helpers/property.ts).
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ['./tests/worker/apply-migrations.ts'],
          // Two files at a time (decision 286): each has its own Miniflare and storage, and a file
          // leaves a core idle while its workerd starts and applies the migrations.
          maxWorkers: 2,
        },
      },
      {
        // Pure helpers of the web app (formatters, cache rules): no browser needed.
        resolve: { alias: { '@contract': contract } },
        // Also the Worker's tests that need Node (tests/worker/*.node.test.ts).
        // Two files at a time, as the Worker project (decision 286).
        test: { name: 'web', include: ['tests/web/**/*.test.ts', 'tests/worker/**/*.node.test.ts'], environment: 'node', testTimeout: 30_000, maxWorkers: 2 },
      },
      {
        // Browser tests: Debian's Chromium through playwright-core against the built app served by
        // `wrangler dev` (fresh local state per run). Needs `npm run build` first.
        resolve: { alias: { '@contract': contract } },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/e2e/global-setup.ts'],
          // Two files at a time, each against its slot's own Worker (global-setup.ts, decision 270):
          // most of a browser test is waiting on a page, a poll or a toast, so a second file uses
          // the time the first leaves idle. (Vitest's default on two cores is one.)
          maxWorkers: 2,
          // After the Worker and web projects when a run names no project (they keep Vitest's default).
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Pages load lazily and CI has two cores: give polled assertions time to settle.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // One more try for a browser test that fails once: on two busy cores Chromium, workerd and
          // vitest share the CPU and timings stretch. A test that fails twice in a row still fails
          // the run, and a retried test is marked in the output, so a race still shows.
          retry: 1,
        },
      },
    ],
  },
}))
