// Drawings of the demo products (scripts/make-seed-images.ts renders them to JPEG). Each is an
// SVG on a 400 x 400 canvas that shows the product itself: a brass kettle is a brass kettle, a tea
// pack is a tea pack. Plain shapes and the system's Latin fonts only, so any Chromium draws them
// the same way (an emoji font is not needed, and it drew the wrong things anyway).

const svg = (body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="100%" height="100%"><defs>${defs}</defs>${body}</svg>`

const BRASS = `<linearGradient id="brass" x1="0" x2="1" y1="0" y2="0">
  <stop offset="0" stop-color="#6e430a"/><stop offset=".28" stop-color="#c9962b"/><stop offset=".48" stop-color="#f8e08e"/>
  <stop offset=".7" stop-color="#c28a22"/><stop offset="1" stop-color="#5c3806"/></linearGradient>`

/** A hammered finish: small light and dark dents scattered over an area. */
function dents(cx: number, cy: number, rx: number, ry: number, count: number, seed: number): string {
  let out = ''
  let s = seed
  const rand = () => {
    s = (s * 9301 + 49297) % 233280
    return s / 233280
  }
  for (let i = 0; i < count; i++) {
    const a = rand() * Math.PI * 2
    const r = Math.sqrt(rand())
    const x = cx + Math.cos(a) * rx * r
    const y = cy + Math.sin(a) * ry * r
    out += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="7" ry="5" fill="${i % 2 ? '#fff7d6' : '#5c3806'}" opacity="${i % 2 ? 0.35 : 0.18}"/>`
  }
  return out
}

const kettle = svg(
  `<path d="M128 168 C122 70 278 70 272 168" fill="none" stroke="#6b3a1c" stroke-width="20" stroke-linecap="round"/>
   <path d="M128 168 C122 70 278 70 272 168" fill="none" stroke="#8b5a2b" stroke-width="8" stroke-linecap="round" opacity=".6"/>
   <rect x="116" y="150" width="26" height="34" rx="6" fill="url(#brass)"/><rect x="258" y="150" width="26" height="34" rx="6" fill="url(#brass)"/>
   <path d="M118 250 C92 244 70 208 48 168 C44 160 52 154 58 160 C84 192 104 214 132 222 Z" fill="url(#brass)"/>
   <ellipse cx="51" cy="163" rx="9" ry="5" fill="#5c3806" transform="rotate(-40 51 163)"/>
   <path d="M108 176 C86 232 92 300 132 326 L268 326 C308 300 314 232 292 176 Z" fill="url(#brass)"/>
   ${dents(200, 250, 85, 60, 46, 7)}
   <ellipse cx="200" cy="176" rx="92" ry="16" fill="#e4b54a"/><ellipse cx="200" cy="176" rx="92" ry="16" fill="none" stroke="#7a4b0c" stroke-width="3"/>
   <path d="M142 174 C150 134 250 134 258 174 Z" fill="url(#brass)"/>${dents(200, 158, 44, 10, 8, 3)}
   <circle cx="200" cy="134" r="11" fill="#6b3a1c"/>
   <ellipse cx="200" cy="328" rx="70" ry="9" fill="#5c3806"/>`,
  BRASS,
)

const masalaChai = svg(
  `<path d="M112 92 L288 92 L302 338 Q302 352 288 352 L112 352 Q98 352 98 338 Z" fill="#b91c1c"/>
   <path d="M112 92 L288 92 L290 120 L110 120 Z" fill="#991b1b"/>
   <path d="M110 92 ${Array.from({ length: 18 }, (_, i) => `L${(120 + i * 10).toFixed(0)} ${i % 2 ? 92 : 84}`).join(' ')} L290 92 Z" fill="#991b1b"/>
   <rect x="124" y="136" width="152" height="176" rx="14" fill="#fff7e6"/>
   <text x="200" y="160" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="14" font-weight="700" letter-spacing="4" fill="#b45309">ASSAM</text>
   <text x="200" y="188" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="26" font-weight="700" fill="#7f1d1d">Masala</text>
   <text x="200" y="215" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="26" font-weight="700" fill="#7f1d1d">Chai</text>
   <path d="M176 258 L224 258 L219 290 Q217 296 210 296 L190 296 Q183 296 181 290 Z" fill="#fff" stroke="#7f1d1d" stroke-width="3"/>
   <path d="M178 266 L222 266 L219 290 Q217 294 210 294 L190 294 Q183 294 181 290 Z" fill="#c68a4e"/>
   <path d="M190 250 q-5 -6 0 -12 M200 250 q-5 -6 0 -12 M210 250 q-5 -6 0 -12" stroke="#b45309" stroke-width="2.5" fill="none" stroke-linecap="round"/>
   <text x="200" y="308" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="11" fill="#7f1d1d">CTC tea with spices</text>
   <text x="200" y="338" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="17" font-weight="700" fill="#fde68a">250 g</text>
   <path d="M110 120 L114 338" stroke="#fff" stroke-width="5" opacity=".15"/>`,
)

const cardamom = (x: number, y: number, r: number) =>
  `<g transform="translate(${x} ${y}) rotate(${r})"><ellipse rx="15" ry="9" fill="#84a83b"/><path d="M-13 0 Q0 -4 13 0" stroke="#55731f" stroke-width="2" fill="none"/><ellipse rx="15" ry="9" fill="none" stroke="#4d6b1a" stroke-width="1.5"/></g>`
const cinnamon = (x: number, y: number, r: number) =>
  `<g transform="translate(${x} ${y}) rotate(${r})"><rect x="-60" y="-10" width="120" height="20" rx="9" fill="#8b4513"/><rect x="-60" y="-10" width="120" height="8" rx="4" fill="#a0522d"/><ellipse cx="60" cy="0" rx="5" ry="10" fill="#5c2d0c"/><path d="M57 -4 q4 4 0 8" stroke="#c2703d" stroke-width="2" fill="none"/></g>`
const starAnise = (x: number, y: number) =>
  `<g transform="translate(${x} ${y})">${Array.from({ length: 8 }, (_, i) => `<ellipse cx="0" cy="-15" rx="7" ry="15" fill="#6b2f12" stroke="#4a1f0b" stroke-width="1.5" transform="rotate(${i * 45})"/>`).join('')}<circle r="5" fill="#3b1708"/></g>`
const clove = (x: number, y: number, r: number) =>
  `<g transform="translate(${x} ${y}) rotate(${r})"><rect x="-2.5" y="0" width="5" height="26" rx="2" fill="#4a2511"/><circle cx="0" cy="-2" r="6" fill="#5c2d0c"/></g>`

const masalaChaiSpices = svg(
  `${cinnamon(140, 300, -12)}${cinnamon(160, 318, 8)}
   <path d="M152 130 L248 130 L236 282 Q234 296 220 296 L180 296 Q166 296 164 282 Z" fill="#ffffff" opacity=".55" stroke="#e5e7eb" stroke-width="3"/>
   <path d="M156 158 L244 158 L236 282 Q234 294 220 294 L180 294 Q166 294 164 282 Z" fill="#c68a4e"/>
   <ellipse cx="200" cy="158" rx="44" ry="7" fill="#d9a066"/>
   <path d="M178 118 q-12 -18 0 -36 M200 112 q-12 -18 0 -36 M222 118 q-12 -18 0 -36" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round" opacity=".8"/>
   ${cardamom(92, 226, 20)}${cardamom(112, 252, -30)}${cardamom(300, 240, 40)}${cardamom(320, 270, -10)}${cardamom(286, 292, 70)}
   ${starAnise(300, 170)}${starAnise(96, 176)}
   ${clove(262, 316, 30)}${clove(276, 326, -20)}${clove(120, 340, 60)}
   <path d="M238 330 q20 -22 44 -6 q14 10 4 22 q-18 12 -48 -16 Z" fill="#e0b46c" stroke="#b07a34" stroke-width="2"/>`,
)

const teaLeaf = (x: number, y: number, r: number, s = 1, fill = '#2f7d32') =>
  `<g transform="translate(${x} ${y}) rotate(${r}) scale(${s})"><path d="M0 0 C10 -22 36 -26 50 -6 C36 14 10 14 0 0 Z" fill="${fill}"/><path d="M2 0 C16 -6 32 -8 48 -6" stroke="#1b5e20" stroke-width="1.5" fill="none"/></g>`

const darjeeling = svg(
  `<rect x="124" y="96" width="152" height="238" fill="#14532d"/>
   <ellipse cx="200" cy="334" rx="76" ry="18" fill="#0f3d22"/>
   <rect x="118" y="80" width="164" height="34" rx="6" fill="#d4af37"/>
   <ellipse cx="200" cy="80" rx="82" ry="16" fill="#e8c766"/>
   <rect x="124" y="114" width="152" height="6" fill="#0f3d22" opacity=".5"/>
   <rect x="138" y="150" width="124" height="138" rx="8" fill="#f0fdf4"/>
   <text x="200" y="180" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="19" font-weight="700" fill="#14532d">Darjeeling</text>
   <text x="200" y="202" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="11" letter-spacing="2" fill="#15803d">FIRST FLUSH</text>
   ${teaLeaf(172, 236, -20, 0.9)}${teaLeaf(200, 232, -160, 0.9, '#43a047')}
   <text x="200" y="278" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="14" font-weight="700" fill="#14532d">100 g</text>
   <rect x="128" y="100" width="12" height="232" fill="#fff" opacity=".12"/>
   ${teaLeaf(282, 318, -30, 0.8)}${teaLeaf(300, 338, 10, 0.7, '#558b2f')}${teaLeaf(70, 330, -10, 0.8, '#43a047')}${teaLeaf(96, 350, -50, 0.6)}
   <path d="M262 352 q6 -6 12 0 q-6 4 -12 0 Z M248 344 q5 -5 10 0 q-5 4 -10 0 Z M90 318 q5 -5 10 0 q-5 4 -10 0 Z" fill="#3e2723"/>`,
)

const kulhad = (x: number, y: number, s = 1) =>
  `<g transform="translate(${x} ${y}) scale(${s})">
     <path d="M-40 0 L-28 70 Q-27 78 -18 78 L18 78 Q27 78 28 70 L40 0 Z" fill="#b5522b"/>
     <path d="M-40 0 L-28 70 Q-27 78 -18 78 L-8 78 L-22 0 Z" fill="#d06a3b" opacity=".7"/>
     <path d="M26 10 L34 2 L28 70 Q27 76 22 77 Z" fill="#8a3a1c" opacity=".5"/>
     <ellipse cx="0" cy="0" rx="40" ry="10" fill="#8a3a1c"/><ellipse cx="0" cy="1" rx="34" ry="7" fill="#5a1f0a"/>
     <path d="M-36 22 L36 22" stroke="#8a3a1c" stroke-width="2" opacity=".5"/>
   </g>`

const kulhads = svg(`${kulhad(120, 150, 0.9)}${kulhad(200, 140, 0.9)}${kulhad(280, 150, 0.9)}${kulhad(90, 240)}${kulhad(200, 250)}${kulhad(310, 240)}`)

const SILVER = `<linearGradient id="silver" x1="0" x2="1"><stop offset="0" stop-color="#374151"/><stop offset=".35" stop-color="#9ca3af"/>
  <stop offset=".5" stop-color="#f3f4f6"/><stop offset=".7" stop-color="#9ca3af"/><stop offset="1" stop-color="#1f2937"/></linearGradient>`

const jhumka = (x: number) =>
  `<g transform="translate(${x} 0)">
     <path d="M0 60 C0 30 24 28 24 46 C24 58 12 62 4 70" stroke="#9ca3af" stroke-width="4" fill="none" stroke-linecap="round"/>
     <path d="M0 74 C-22 92 -22 122 0 140 C22 122 22 92 0 74 Z" fill="url(#silver)" stroke="#374151" stroke-width="2"/>
     <path d="M0 88 C-10 98 -10 116 0 126 C10 116 10 98 0 88 Z" fill="#0f766e"/><circle cx="0" cy="107" r="5" fill="#1d4ed8"/>
     <rect x="-4" y="140" width="8" height="16" fill="url(#silver)"/>
     <path d="M-58 250 C-58 186 -30 156 0 156 C30 156 58 186 58 250 Z" fill="url(#silver)" stroke="#374151" stroke-width="2"/>
     <path d="M-40 208 Q0 196 40 208" stroke="#374151" stroke-width="2.5" fill="none"/>
     <path d="M-50 230 Q0 218 50 230" stroke="#374151" stroke-width="2.5" fill="none"/>
     ${Array.from({ length: 7 }, (_, i) => `<circle cx="${-30 + i * 10}" cy="${182 + Math.abs(3 - i) * 2}" r="2.6" fill="#1f2937"/>`).join('')}
     <rect x="-60" y="248" width="120" height="8" rx="3" fill="#4b5563"/>
     ${Array.from({ length: 11 }, (_, i) => `<line x1="${-50 + i * 10}" y1="256" x2="${-50 + i * 10}" y2="272" stroke="#6b7280" stroke-width="1.5"/><circle cx="${-50 + i * 10}" cy="276" r="4.5" fill="${i % 2 ? '#e5e7eb' : '#9f1239'}" stroke="#374151" stroke-width="1"/>`).join('')}
   </g>`

const jhumkas = svg(`<g transform="translate(0 20)">${jhumka(130)}${jhumka(270)}</g>`, SILVER)

const blockPrint = (id: string, ink: string) =>
  `<pattern id="${id}" width="34" height="34" patternUnits="userSpaceOnUse">
     <g fill="${ink}" opacity=".9">${Array.from({ length: 6 }, (_, i) => `<ellipse cx="17" cy="10" rx="3" ry="6" transform="rotate(${i * 60} 17 17)"/>`).join('')}<circle cx="17" cy="17" r="3"/></g>
     <circle cx="0" cy="0" r="2" fill="${ink}"/><circle cx="34" cy="0" r="2" fill="${ink}"/><circle cx="0" cy="34" r="2" fill="${ink}"/><circle cx="34" cy="34" r="2" fill="${ink}"/>
   </pattern>`

const kurta = svg(
  `<path d="M158 52 L120 66 L64 120 L82 206 L116 196 L112 360 L288 360 L284 196 L318 206 L336 120 L280 66 L242 52 Q200 74 158 52 Z" fill="#1e3a8a"/>
   <path d="M158 52 L120 66 L64 120 L82 206 L116 196 L112 360 L288 360 L284 196 L318 206 L336 120 L280 66 L242 52 Q200 74 158 52 Z" fill="url(#bp)"/>
   <path d="M158 52 Q200 74 242 52 L236 44 Q200 62 164 44 Z" fill="#172554"/>
   <rect x="192" y="62" width="16" height="120" fill="#172554"/>
   ${[80, 108, 136, 164].map((y) => `<circle cx="200" cy="${y}" r="4" fill="#f1f5f9"/>`).join('')}
   <path d="M82 206 L116 196 M318 206 L284 196" stroke="#f1f5f9" stroke-width="4"/>
   <path d="M112 300 L124 360 M288 300 L276 360" stroke="#172554" stroke-width="3"/>
   <path d="M112 352 L288 352" stroke="#f1f5f9" stroke-width="3" stroke-dasharray="6 5"/>`,
  blockPrint('bp', '#dbeafe'),
)

const kurtaFabric = svg(
  `<rect x="60" y="230" width="280" height="56" rx="10" fill="#172554"/>
   <rect x="60" y="230" width="280" height="56" rx="10" fill="url(#bp2)" opacity=".8"/>
   <rect x="70" y="176" width="270" height="58" rx="10" fill="#1e3a8a"/>
   <rect x="70" y="176" width="270" height="58" rx="10" fill="url(#bp2)"/>
   <rect x="80" y="120" width="250" height="60" rx="10" fill="#1d4ed8"/>
   <rect x="80" y="120" width="250" height="60" rx="10" fill="url(#bp2)"/>
   <path d="M70 206 L340 206 M80 150 L330 150" stroke="#0b1a45" stroke-width="2" opacity=".35"/>
   <g transform="translate(250 40) rotate(12)">
     <rect x="0" y="40" width="92" height="46" rx="6" fill="#a16207"/><rect x="0" y="80" width="92" height="10" fill="#713f12"/>
     <rect x="32" y="0" width="28" height="44" rx="8" fill="#854d0e"/><ellipse cx="46" cy="2" rx="18" ry="8" fill="#a16207"/>
     <g fill="#1e3a8a">${Array.from({ length: 5 }, (_, i) => `<circle cx="${14 + i * 16}" cy="92" r="4"/>`).join('')}</g>
   </g>`,
  blockPrint('bp2', '#e0e7ff'),
)

const FRINGE = (x0: number, x1: number, y: number) =>
  Array.from(
    { length: Math.floor((x1 - x0) / 8) + 1 },
    (_, i) => `<line x1="${x0 + i * 8}" y1="${y}" x2="${x0 + i * 8}" y2="${y + 18}" stroke="#f5c542" stroke-width="3" stroke-linecap="round"/>`,
  ).join('')

/** A silk dupatta hung over a wooden rod: two panels with zari borders, gold buttis and a fringe. */
const dupatta = svg(
  `<rect x="70" y="60" width="260" height="14" rx="7" fill="#92400e"/><circle cx="70" cy="67" r="10" fill="#78350f"/><circle cx="330" cy="67" r="10" fill="#78350f"/>
   <path d="M96 68 L210 68 L222 320 Q190 332 160 322 Q128 334 92 320 Z" fill="#831843"/>
   <path d="M96 68 L210 68 L222 320 Q190 332 160 322 Q128 334 92 320 Z" fill="url(#butti)"/>
   <path d="M180 68 L304 68 L312 300 Q276 312 246 302 Q214 314 186 300 Z" fill="#9d174d"/>
   <path d="M180 68 L304 68 L312 300 Q276 312 246 302 Q214 314 186 300 Z" fill="url(#butti)"/>
   <path d="M186 300 Q214 314 246 302 Q276 312 312 300 L311 276 Q276 288 246 278 Q214 290 185 276 Z" fill="#f5c542"/>
   <path d="M186 282 Q214 296 246 284 Q276 294 311 282" stroke="#9d174d" stroke-width="3" fill="none" stroke-dasharray="6 4"/>
   <path d="M180 68 L186 300 M304 68 L312 300" stroke="#f5c542" stroke-width="7"/>
   <path d="M96 68 L92 320 M210 68 L222 320" stroke="#f5c542" stroke-width="7"/>
   <path d="M150 80 Q146 200 156 318 M250 80 Q246 190 250 300" stroke="#500724" stroke-width="3" opacity=".35" fill="none"/>
   ${FRINGE(188, 310, 304)}`,
  `<pattern id="butti" width="28" height="28" patternUnits="userSpaceOnUse"><path d="M14 7 C18 11 18 16 14 20 C10 16 10 11 14 7 Z" fill="#f5c542"/><circle cx="0" cy="0" r="1.8" fill="#f5c542"/><circle cx="28" cy="28" r="1.8" fill="#f5c542"/></pattern>`,
)

const flower = (x: number, y: number, r: number, petal: string, heart: string) =>
  `<g transform="translate(${x} ${y})">${Array.from({ length: 6 }, (_, i) => `<ellipse cx="0" cy="${-r}" rx="${r * 0.5}" ry="${r * 0.8}" fill="${petal}" transform="rotate(${i * 60})"/>`).join('')}<circle r="${r * 0.45}" fill="${heart}"/></g>`

const tote = svg(
  `<path d="M138 150 C138 60 262 60 262 150" stroke="#d6c7a1" stroke-width="18" fill="none"/>
   <path d="M138 150 C138 60 262 60 262 150" stroke="#c2b08a" stroke-width="4" fill="none" stroke-dasharray="5 5"/>
   <path d="M96 140 L304 140 L318 350 L82 350 Z" fill="#f5ecd7"/>
   <path d="M96 140 L304 140 L305 160 L95 160 Z" fill="#e8dcc0"/>
   ${flower(150, 205, 20, '#b91c1c', '#1e3a8a')}${flower(250, 200, 16, '#1e3a8a', '#b91c1c')}${flower(200, 260, 24, '#b91c1c', '#f59e0b')}
   ${flower(130, 300, 14, '#1e3a8a', '#f59e0b')}${flower(272, 298, 18, '#b91c1c', '#1e3a8a')}
   <path d="M118 236 q30 -10 50 10 M232 236 q20 20 40 0 M176 318 q24 12 48 0" stroke="#166534" stroke-width="4" fill="none" stroke-linecap="round"/>
   <path d="M82 350 L318 350" stroke="#c2b08a" stroke-width="3"/>`,
)

const bud = (x: number, y: number, r: number, s = 1) =>
  `<g transform="translate(${x} ${y}) rotate(${r}) scale(${s})">
     <rect x="-11" y="0" width="22" height="84" rx="11" fill="#f8fafc" stroke="#cbd5e1" stroke-width="2"/>
     <circle cx="0" cy="-6" r="30" fill="#f8fafc" stroke="#cbd5e1" stroke-width="2"/>
     <ellipse cx="-12" cy="-12" rx="16" ry="13" fill="#334155"/><ellipse cx="-14" cy="-14" rx="7" ry="5" fill="#64748b"/>
     <rect x="-6" y="74" width="12" height="8" rx="3" fill="#94a3b8"/>
   </g>`

const earbuds = svg(
  `<rect x="116" y="196" width="168" height="120" rx="56" fill="#f1f5f9" stroke="#cbd5e1" stroke-width="3"/>
   <path d="M116 250 L284 250" stroke="#cbd5e1" stroke-width="3"/>
   <circle cx="200" cy="282" r="5" fill="#22c55e"/>
   ${bud(150, 110, -18)}${bud(262, 118, 22)}`,
)

/** The charging case open: the lid tipped back, both buds in their slots, the battery lights on. */
const earbudsCase = svg(
  `<path d="M122 214 L278 214 L266 120 Q262 96 238 96 L162 96 Q138 96 134 120 Z" fill="#e2e8f0" stroke="#cbd5e1" stroke-width="3"/>
   <path d="M140 206 L260 206 L252 128 Q250 112 234 112 L166 112 Q150 112 148 128 Z" fill="#cbd5e1"/>
   <circle cx="168" cy="212" r="24" fill="#f8fafc" stroke="#cbd5e1" stroke-width="2"/><ellipse cx="160" cy="206" rx="12" ry="9" fill="#334155"/>
   <circle cx="232" cy="212" r="24" fill="#f8fafc" stroke="#cbd5e1" stroke-width="2"/><ellipse cx="240" cy="206" rx="12" ry="9" fill="#334155"/>
   <path d="M112 222 L288 222 L288 282 Q288 336 234 336 L166 336 Q112 336 112 282 Z" fill="#f1f5f9" stroke="#cbd5e1" stroke-width="3"/>
   <path d="M112 222 L288 222" stroke="#94a3b8" stroke-width="4"/>
   ${[0, 1, 2, 3].map((i) => `<rect x="${170 + i * 16}" y="296" width="12" height="8" rx="2" fill="${i < 3 ? '#22c55e' : '#cbd5e1'}"/>`).join('')}
   <text x="200" y="322" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="13" font-weight="700" fill="#475569">36 h</text>`,
)

const watch = svg(
  `<path d="M160 40 L240 40 L236 130 L164 130 Z" fill="#0e7490"/><path d="M164 270 L236 270 L240 362 L160 362 Z" fill="#0e7490"/>
   ${[60, 84, 108, 300, 324].map((y) => `<rect x="176" y="${y}" width="48" height="6" rx="3" fill="#155e75"/>`).join('')}
   <rect x="126" y="112" width="148" height="176" rx="34" fill="#1f2937" stroke="#9ca3af" stroke-width="5"/>
   <rect x="276" y="172" width="10" height="38" rx="4" fill="#9ca3af"/>
   <rect x="140" y="126" width="120" height="148" rx="24" fill="#020617"/>
   <text x="200" y="178" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="36" font-weight="700" fill="#f8fafc">10:09</text>
   <path d="M152 206 L174 206 L182 192 L192 224 L202 198 L208 206 L248 206" stroke="#f43f5e" stroke-width="4" fill="none" stroke-linejoin="round"/>
   <text x="170" y="250" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="15" font-weight="700" fill="#f43f5e">72</text>
   <text x="230" y="250" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="15" font-weight="700" fill="#22d3ee">8,412</text>
   <text x="170" y="264" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="9" fill="#94a3b8">BPM</text>
   <text x="230" y="264" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="9" fill="#94a3b8">STEPS</text>`,
)

/** A keycap with a Latin letter and, below it, a Devanagari-style letter drawn with strokes (headline bar and stem). */
const key = (x: number, y: number, latin: string, hindi: boolean, w = 30) =>
  `<g transform="translate(${x} ${y})"><rect width="${w}" height="30" rx="5" fill="#e2e8f0"/><rect width="${w}" height="25" rx="5" fill="#f8fafc"/>
   <text x="5" y="12" font-family="DejaVu Sans, sans-serif" font-size="9" font-weight="700" fill="#0f172a">${latin}</text>
   ${hindi ? `<path d="M${w - 17} 14 h12 M${w - 8} 14 v9 M${w - 14} 15 q-3 5 2 7 q4 1 5 -4" stroke="#ea580c" stroke-width="1.6" fill="none" stroke-linecap="round"/>` : ''}</g>`

const keyboard = svg(
  `<rect x="22" y="118" width="356" height="178" rx="16" fill="#1e293b"/><rect x="22" y="118" width="356" height="10" rx="5" fill="#334155"/>
   ${Array.from({ length: 5 }, (_, row) => {
     const letters = ['1234567890-=', 'QWERTYUIOP[]', "ASDFGHJKL;'", 'ZXCVBNM,./', ''][row]
     let out = ''
     const offset = [0, 8, 14, 22, 0][row]
     for (let i = 0; i < 11; i++) out += key(34 + offset + i * 30, 134 + row * 31, letters[i] ?? '', row > 0 && row < 4 && i < letters.length, 27)
     return out
   }).join('')}
   <rect x="130" y="258" width="130" height="26" rx="5" fill="#f8fafc"/>
   <rect x="350" y="134" width="18" height="148" rx="5" fill="#f97316"/>`,
)

const bulb = (x: number, glow: string, light: string) =>
  `<g transform="translate(${x} 0)">
     <circle cx="0" cy="150" r="92" fill="${glow}" opacity=".28"/>
     <path d="M-62 150 C-62 88 62 88 62 150 C62 190 34 206 30 244 L-30 244 C-34 206 -62 190 -62 150 Z" fill="${light}"/>
     <path d="M-40 130 C-34 108 -14 98 4 98" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" opacity=".7"/>
     <rect x="-32" y="244" width="64" height="16" rx="4" fill="#e2e8f0"/>
     <path d="M-30 262 h60 v10 h-60 z M-28 276 h56 v10 h-56 z M-24 290 h48 v10 h-48 z" fill="#94a3b8"/>
     <path d="M-14 302 h28 l-6 16 h-16 z" fill="#475569"/>
   </g>`

const bulbs = svg(
  `${bulb(130, '#f472b6', '#fbcfe8')}${bulb(270, '#60a5fa', '#bfdbfe')}
   <g transform="translate(200 70)" fill="none" stroke="#0f172a" stroke-width="6" stroke-linecap="round">
     <path d="M-30 0 a42 42 0 0 1 60 0"/><path d="M-18 14 a25 25 0 0 1 36 0"/><circle cx="0" cy="28" r="4" fill="#0f172a"/>
   </g>`,
)

/** The demo products' drawings by file name (scripts/seed-data.ts names the files per product). */
export const PRODUCT_ART: Record<string, string> = {
  'product-kettle.jpg': kettle,
  'product-masala-chai.jpg': masalaChai,
  'product-masala-chai-2.jpg': masalaChaiSpices,
  'product-darjeeling.jpg': darjeeling,
  'product-kulhad.jpg': kulhads,
  'product-jhumka.jpg': jhumkas,
  'product-kurta.jpg': kurta,
  'product-kurta-2.jpg': kurtaFabric,
  'product-dupatta.jpg': dupatta,
  'product-tote.jpg': tote,
  'product-earbuds.jpg': earbuds,
  'product-earbuds-2.jpg': earbudsCase,
  'product-watch.jpg': watch,
  'product-keyboard.jpg': keyboard,
  'product-bulb.jpg': bulbs,
}
