import { useState } from 'react'
import { initials, mediaUrl } from '../lib/format'

const SIZES = { sm: 'size-9 text-sm', md: 'size-12 text-base', lg: 'size-16 text-xl', xl: 'size-24 text-3xl' }

/** The picture when there is one (and it loads), otherwise the initials on a brand tint. */
export function Avatar({
  name,
  path,
  size = 'md',
  fallback = 'I',
  className = '',
}: {
  name: string | null | undefined
  path?: string | null
  size?: keyof typeof SIZES
  fallback?: string
  className?: string
}) {
  const [broken, setBroken] = useState(false)
  const src = mediaUrl(path)
  if (src && !broken) {
    return (
      <img
        src={src}
        alt={name ? `${name}'s profile picture` : 'Profile picture'}
        onError={() => setBroken(true)}
        className={`${SIZES[size]} shrink-0 rounded-full object-cover ring-2 ring-white ${className}`}
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className={`${SIZES[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-100 to-brand-200 font-bold text-brand-800 ring-2 ring-white ${className}`}
    >
      {initials(name, fallback)}
    </span>
  )
}
