import { useEffect, useState } from 'react'
import { ProductImage } from '../../components/ProductImage'

export const CAROUSEL_INTERVAL_MS = 3000

/**
 * Auto-advances every 3 s (spec 001 section 4); dots jump to a slide and restart the timer. The
 * square box is sized before any image arrives, so nothing around it moves when they do. Its
 * place in the page's grid (sticky on wide screens) is its island's element (BuyPage.tsx).
 */
export function Carousel({ images, alt }: { images: string[]; alt: string }) {
  const [index, setIndex] = useState(0)
  const count = images.length

  // One timeout per photo shown: a dot's click changes the photo, so the chosen one gets its full 3 s.
  useEffect(() => {
    if (count < 2) return
    const timer = setTimeout(() => setIndex((index + 1) % count), CAROUSEL_INTERVAL_MS)
    return () => clearTimeout(timer)
  }, [index, count])

  if (count === 0) return <ProductImage path={null} alt={alt} className="aspect-square w-full rounded-3xl" />

  return (
    <section className="relative overflow-hidden rounded-3xl bg-slate-100 shadow-sm" aria-roledescription="carousel" aria-label={`${alt} photos`}>
      <div className="relative aspect-square">
        {images.map((src, i) => (
          <figure
            key={src}
            aria-hidden={i !== index}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            className={`absolute inset-0 transition-opacity duration-700 ${i === index ? 'opacity-100' : 'opacity-0'}`}
          >
            <ProductImage
              path={src}
              alt={`${alt}, photo ${i + 1}`}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              className="size-full"
            />
          </figure>
        ))}
      </div>
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-3 flex justify-center gap-2">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Show photo ${i + 1}`}
              aria-current={i === index}
              className={`h-2 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2 bg-white/60 hover:bg-white/80'}`}
            />
          ))}
        </div>
      )}
    </section>
  )
}
