import type { LaunchOptions } from 'playwright-core'

// Debian's Chromium; the flags keep it off the network this machine does not have. Started once per
// run by global-setup.ts (browser.ts connects each file to it).
export const CHROMIUM: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
}
