import { mediaSize } from '@contract/media'
import { useState } from 'react'
import { mediaUrl } from '../lib/media-url'

type ProductImageProps = {
  path: string | null | undefined
  alt: string
  className?: string
  loading?: 'lazy' | 'eager'
  /** 'high' for the image a page shows first and large (its largest contentful paint). */
  fetchPriority?: 'high' | 'auto'
}

/**
 * A product photo that degrades to a neutral tile (never a broken-image icon). The pixel size the
 * media path records goes into width and height, so the browser knows the image's shape before it
 * loads; the box itself is sized by `className`.
 */
export function ProductImage({ path, alt, className = '', loading = 'lazy', fetchPriority }: ProductImageProps) {
  const [broken, setBroken] = useState(false)
  const src = mediaUrl(path)
  if (!src || broken) {
    return (
      <div role="img" aria-label={alt} className={`flex items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400 ${className}`}>
        <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-10">
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="m2.25 15.75 5.159-5.159a2.25 2.25 0 0 1 3.182 0l5.159 5.159m-1.5-1.5 1.409-1.409a2.25 2.25 0 0 1 3.182 0l2.909 2.909M3.75 21h16.5a1.5 1.5 0 0 0 1.5-1.5V4.5a1.5 1.5 0 0 0-1.5-1.5H3.75a1.5 1.5 0 0 0-1.5 1.5v15a1.5 1.5 0 0 0 1.5 1.5Zm10.5-11.25h.008v.008h-.008V9.75Z"
          />
        </svg>
      </div>
    )
  }
  const size = mediaSize(path)
  return (
    <img
      src={src}
      alt={alt}
      width={size?.width}
      height={size?.height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={fetchPriority === 'high' ? undefined : 'async'}
      onError={() => setBroken(true)}
      className={`object-cover ${className}`}
    />
  )
}
