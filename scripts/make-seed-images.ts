// Renders the demo images in scripts/seed-assets/ with Debian's Chromium. Run once by hand
// (`node scripts/make-seed-images.ts`, or `node scripts/make-seed-images.ts product-` for the files
// whose names start with that); the JPEGs are committed so `npm start` never needs a browser.
// Products are drawn as SVG (scripts/lib/product-art.ts) so each image shows its product; avatars
// and previews use emoji and need an emoji font (fonts-noto-color-emoji) to come out right.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { PRODUCT_ART } from './lib/product-art.ts'

type Art = { file: string; w: number; h: number; from: string; to: string; emoji: string; label?: string; scale?: number; svg?: string }

const OUT = path.join(import.meta.dirname, 'seed-assets')

const product = (file: string, from: string, to: string): Art => {
  const svg = PRODUCT_ART[file]
  if (!svg) throw new Error(`no drawing for ${file} in scripts/lib/product-art.ts`)
  return { file, w: 800, h: 800, from, to, emoji: '', svg }
}
const avatar = (file: string, from: string, to: string, emoji: string): Art => ({ file, w: 400, h: 400, from, to, emoji, scale: 0.62 })
const preview = (file: string, from: string, to: string, emoji: string, label: string): Art => ({ file, w: 600, h: 750, from, to, emoji, label })
const logo = (file: string, from: string, to: string, label: string): Art => ({ file, w: 400, h: 400, from, to, emoji: '', label })

const ART: Art[] = [
  product('product-kurta.jpg', '#c7d2fe', '#6366f1'),
  product('product-kurta-2.jpg', '#e0e7ff', '#818cf8'),
  product('product-dupatta.jpg', '#fde68a', '#f59e0b'),
  product('product-tote.jpg', '#fecdd3', '#fb7185'),
  product('product-jhumka.jpg', '#e2e8f0', '#94a3b8'),
  product('product-masala-chai.jpg', '#fed7aa', '#ea580c'),
  product('product-masala-chai-2.jpg', '#fef3c7', '#d97706'),
  product('product-darjeeling.jpg', '#bbf7d0', '#16a34a'),
  product('product-kettle.jpg', '#fde68a', '#b45309'),
  product('product-kulhad.jpg', '#fecaca', '#b91c1c'),
  product('product-earbuds.jpg', '#cbd5e1', '#334155'),
  product('product-earbuds-2.jpg', '#e2e8f0', '#475569'),
  product('product-watch.jpg', '#a5f3fc', '#0891b2'),
  product('product-keyboard.jpg', '#ddd6fe', '#7c3aed'),
  product('product-bulb.jpg', '#fef9c3', '#eab308'),
  avatar('avatar-ananya.jpg', '#fbcfe8', '#db2777', '👩🏽'),
  avatar('avatar-rohan.jpg', '#bfdbfe', '#2563eb', '👨🏽‍💻'),
  avatar('avatar-meera.jpg', '#fed7aa', '#ea580c', '👩🏾‍🍳'),
  avatar('avatar-vikram.jpg', '#bbf7d0', '#15803d', '🏋🏽‍♂️'),
  avatar('avatar-sana.jpg', '#f5d0fe', '#a21caf', '🧕🏽'),
  avatar('avatar-arjun.jpg', '#a5f3fc', '#0e7490', '🧑🏽‍🦱'),
  avatar('avatar-kavya.jpg', '#d9f99d', '#4d7c0f', '👩🏽‍🦰'),
  avatar('avatar-dev.jpg', '#c7d2fe', '#4338ca', '🧑🏽‍🎤'),
  preview('preview-fashion-1.jpg', '#fce7f3', '#be185d', '👗', 'Festive edit'),
  preview('preview-fashion-2.jpg', '#e0e7ff', '#4338ca', '🥻', 'Saree drape'),
  preview('preview-fashion-3.jpg', '#fef3c7', '#b45309', '👡', 'Kolhapuris'),
  preview('preview-tech-1.jpg', '#e2e8f0', '#1e293b', '📱', 'Unboxing'),
  preview('preview-tech-2.jpg', '#dbeafe', '#1d4ed8', '🎮', 'Under ₹5K'),
  preview('preview-food-1.jpg', '#ffedd5', '#c2410c', '🍛', 'Sadya day'),
  preview('preview-food-2.jpg', '#fef9c3', '#a16207', '🥥', 'Coconut chutney'),
  preview('preview-food-3.jpg', '#fee2e2', '#b91c1c', '☕', 'Filter coffee'),
  preview('preview-fitness-1.jpg', '#dcfce7', '#15803d', '🏃🏽‍♂️', '5K plan'),
  preview('preview-fitness-2.jpg', '#ecfccb', '#4d7c0f', '🥗', 'Desi protein'),
  preview('preview-beauty-1.jpg', '#fae8ff', '#a21caf', '💄', 'Monsoon skin'),
  preview('preview-beauty-2.jpg', '#ffe4e6', '#be123c', '🌸', 'Mehendi glow'),
  preview('preview-travel-1.jpg', '#cffafe', '#0e7490', '🏔️', 'Tawang'),
  preview('preview-travel-2.jpg', '#d1fae5', '#047857', '🚂', 'Toy train'),
  preview('preview-travel-3.jpg', '#e0f2fe', '#0369a1', '🛶', 'Dal lake'),
  preview('preview-lifestyle-1.jpg', '#ecfccb', '#3f6212', '🪴', 'Balcony garden'),
  preview('preview-gaming-1.jpg', '#ede9fe', '#6d28d9', '🕹️', 'Live at 9'),
  preview('preview-gaming-2.jpg', '#e0e7ff', '#3730a3', '🏆', 'Finals'),
  logo('vendor-handloom.jpg', '#6366f1', '#312e81', 'HH'),
  logo('vendor-chai.jpg', '#f59e0b', '#9a3412', 'C&'),
  logo('vendor-volt.jpg', '#0ea5e9', '#0f172a', 'VE'),
]

function html(art: Art): string {
  const size = Math.round(Math.min(art.w, art.h) * (art.scale ?? 0.46))
  const emoji = art.svg
    ? `<div style="width:74%;height:74%;filter:drop-shadow(0 24px 30px rgba(15,23,42,.3))">${art.svg}</div>`
    : art.emoji
      ? `<div style="font-size:${size}px;line-height:1;filter:drop-shadow(0 24px 30px rgba(15,23,42,.35))">${art.emoji}</div>`
      : `<div style="font:800 ${Math.round(art.w * 0.34)}px/1 system-ui,sans-serif;color:#fff;letter-spacing:-.04em">${art.label ?? ''}</div>`
  const caption =
    art.emoji && art.label
      ? `<div style="position:absolute;left:32px;bottom:32px;padding:12px 20px;border-radius:999px;background:rgba(255,255,255,.88);font:700 30px system-ui,sans-serif;color:#0f172a">${art.label}</div>`
      : ''
  const floor =
    !art.svg && art.w === art.h && art.w >= 800
      ? `<div style="position:absolute;bottom:130px;width:52%;height:40px;border-radius:50%;background:rgba(15,23,42,.18);filter:blur(18px)"></div>`
      : ''
  return `<!doctype html><html><body style="margin:0">
    <div style="position:relative;width:${art.w}px;height:${art.h}px;display:flex;align-items:center;justify-content:center;overflow:hidden;background:radial-gradient(circle at 30% 25%, ${art.from}, ${art.to})">
      <div style="position:absolute;inset:-20%;background:radial-gradient(circle at 75% 80%, rgba(255,255,255,.35), transparent 45%)"></div>
      ${floor}${emoji}${caption}
    </div></body></html>`
}

mkdirSync(OUT, { recursive: true })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
const page = await browser.newPage()
// An optional file-name prefix renders only those files (e.g. `product-`).
const only = process.argv[2] ?? ''
const chosen = ART.filter((art) => art.file.startsWith(only))
for (const art of chosen) {
  await page.setViewportSize({ width: art.w, height: art.h })
  await page.setContent(html(art))
  await page.screenshot({ path: path.join(OUT, art.file), type: 'jpeg', quality: 78 })
}
await browser.close()
console.log(`Rendered ${chosen.length} images into ${OUT}`)
