import { useEffect } from 'react'

/** Names the tab after what the page shows (shared links, history), restoring the old title on leave. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return
    const previous = document.title
    document.title = `${title} · Collabkart`
    return () => {
      document.title = previous
    }
  }, [title])
}
