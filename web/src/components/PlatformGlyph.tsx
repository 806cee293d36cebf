import type { PlatformName } from '@contract/marketer'
import type { ReactNode } from 'react'

// The seven networks of spec 000/001, drawn inline on a 24-unit grid (no icon font, no external host).
const GLYPHS: Record<PlatformName, ReactNode> = {
  Facebook: (
    <text x="12" y="17" textAnchor="middle" fontSize="14" fontWeight="700" fill="currentColor">
      f
    </text>
  ),
  Instagram: (
    <g fill="none" stroke="currentColor" strokeWidth="1.8">
      <rect x="5" y="5" width="14" height="14" rx="4" />
      <circle cx="12" cy="12" r="3.2" />
      <circle cx="16.3" cy="7.7" r="0.6" fill="currentColor" />
    </g>
  ),
  LinkedIn: (
    <text x="12" y="16.5" textAnchor="middle" fontSize="10.5" fontWeight="700" fill="currentColor">
      in
    </text>
  ),
  Pinterest: (
    <text x="12" y="17" textAnchor="middle" fontSize="13" fontWeight="700" fill="currentColor">
      P
    </text>
  ),
  TikTok: (
    <path d="M13.5 5v9.2a2.8 2.8 0 1 1-2.3-2.76M13.5 5c.4 1.9 1.7 3.1 3.6 3.3" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" />
  ),
  Twitter: (
    <path
      transform="translate(5 5) scale(0.58)"
      fill="currentColor"
      d="M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z"
    />
  ),
  YouTube: (
    <g>
      <rect x="4" y="6.5" width="16" height="11" rx="3.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="m10.5 9.6 4 2.4-4 2.4Z" fill="currentColor" />
    </g>
  ),
}

/** A network's mark in the current text colour; decorative, the platform's name stands beside it. */
export function PlatformGlyph({ platform, className = 'size-5' }: { platform: PlatformName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} data-platform={platform}>
      {GLYPHS[platform]}
    </svg>
  )
}
