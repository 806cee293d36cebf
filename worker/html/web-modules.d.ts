// Modules of the web app that the Worker bundles. They are compiled with the web app's settings
// (JSX, DOM types) and type-checked by tsconfig.web.json, so the Worker sees only their contract.
// wrangler.toml ([alias]) and vitest.config.ts (resolve.alias) point the names at the real files.

declare module '@web/buy-render' {
  export const renderBuyPage: import('../contract/buy-page').RenderBuyPage
}
