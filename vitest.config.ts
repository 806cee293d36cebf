import path from 'node:path'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

export default defineConfig(async () => ({
  test: {
    projects: [
      {
        // The Worker, its routes and domain functions, inside workerd with Miniflare's D1, R2 and KV.
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                JWT_SECRET: 'test-secret',
                TEST_MIGRATIONS: await readD1Migrations(path.join(import.meta.dirname, 'migrations')),
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          setupFiles: ['./tests/worker/apply-migrations.ts'],
        },
      },
      {
        // Pure helpers of the web app (formatters, cache rules): no browser needed.
        resolve: { alias: { '@contract': path.join(import.meta.dirname, 'worker/contract') } },
        test: { name: 'web', include: ['tests/web/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
}))
