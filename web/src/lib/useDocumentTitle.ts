import { useEffect } from 'react'

/** index.html's title, which pages without a title of their own show. */
export const DEFAULT_TITLE = 'Collabkart · Connect. Earn. Grow.'

/**
 * Names the tab after what the page shows (shared links, history), and gives the default back on
 * leave. Not the title found on arrival: for a product page or profile opened from a link, that is
 * the page's own title, written by the Worker, and it must not stick to the next page.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    // Still loading (null): keep the title on arrival, but still give the default back on leave.
    if (title) document.title = `${title} · Collabkart`
    return () => {
      document.title = DEFAULT_TITLE
    }
  }, [title])
}
