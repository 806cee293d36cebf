import { useState } from 'react'
import { ProductImage } from '../../components/ProductImage'
import { Card } from '../../components/Card'

/** The main photo with clickable thumbnails under it. */
export function Gallery({ images, alt }: { images: string[]; alt: string }) {
  const [active, setActive] = useState(0)
  const current = images[active] ?? null
  return (
    <div>
      <Card padding="none" round="3xl" className="overflow-hidden">
        <ProductImage
          path={current}
          alt={images.length > 1 ? `${alt}, photo ${active + 1} of ${images.length}` : alt}
          loading="eager"
          className="aspect-square w-full"
        />
      </Card>
      {images.length > 1 && (
        <fieldset className="mt-3 flex min-w-0 gap-3 overflow-x-auto pb-1" aria-label="Photos">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() => setActive(i)}
              aria-label={`Show photo ${i + 1}`}
              aria-pressed={i === active}
              className={`size-16 shrink-0 overflow-hidden rounded-xl border-2 bg-white transition sm:size-20 ${i === active ? 'border-brand-600 ring-2 ring-brand-100' : 'border-transparent opacity-75 hover:opacity-100'}`}
            >
              <ProductImage path={src} alt="" className="size-full" />
            </button>
          ))}
        </fieldset>
      )}
    </div>
  )
}
