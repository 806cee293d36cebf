import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { useDebounced } from './useDebounced'

export type UrlDraft<T> = {
  /** What the form shows: follows every keystroke. */
  draft: T
  /** What the URL says, and so what the server is asked for. */
  applied: T
  /** Typing: the URL follows once typing pauses, replacing its entry (Back skips the keystrokes). */
  edit: (next: T) => void
  /** A choice (a box, the sort, Clear All): the URL follows at once as a new history entry. */
  commit: (next: T) => void
}

/**
 * Filters kept in the query string, so a filtered list can be shared and Back returns to it. The
 * form edits a draft; the URL (and the list) follow after a pause in typing. When the URL changes
 * from outside (Back, a shared link), the form takes its values. `parse` and `serialize` must be
 * stable (module-level) functions; `serialize` leaves defaults out so the bare path is the default list.
 */
export function useUrlDraft<T>(parse: (params: URLSearchParams) => T, serialize: (value: T) => URLSearchParams, ms = 300): UrlDraft<T> {
  const [params, setParams] = useSearchParams()
  const { pathname } = useLocation()
  const applied = useMemo(() => parse(params), [params, parse])
  const urlText = serialize(applied).toString()
  const [draft, setDraft] = useState(applied)
  const [seen, setSeen] = useState(urlText)
  const [written, setWritten] = useState<string | null>(null)
  if (urlText !== seen) {
    setSeen(urlText)
    if (urlText !== written) setDraft(applied)
  }

  // Only typing waits to be written. A choice is written at once, and after Back or a link the
  // draft comes from the URL: neither may be written again when the pause ends.
  const typing = useRef(false)
  const urlNow = useRef(urlText)
  useEffect(() => {
    urlNow.current = urlText
    if (urlText !== written) typing.current = false
  }, [urlText, written])

  // Back and Forward: the form takes the address bar's values at once. The router may render the
  // new location later (navigations are transitions), so the comparison above can miss a step back
  // to a URL it never rendered.
  useEffect(() => {
    const onPop = () => {
      typing.current = false
      setDraft(parse(new URLSearchParams(window.location.search)))
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [parse])

  const settled = useDebounced(draft, ms)
  useEffect(() => {
    if (!typing.current) return
    typing.current = false
    // The visitor left while the pause ran (Copy Link sends a visitor to /signin): navigations are
    // transitions, so this page can still be on screen when the timer fires, and writing its URL
    // now would replace the new page's history entry and drag the visitor back here.
    if (window.location.pathname !== pathname) return
    const next = serialize(settled)
    if (next.toString() === urlNow.current) return
    setWritten(next.toString())
    setParams(next, { replace: true })
  }, [settled, serialize, setParams, pathname])

  const edit = useCallback((next: T) => {
    typing.current = true
    setDraft(next)
  }, [])

  const commit = useCallback(
    (next: T) => {
      const out = serialize(next)
      typing.current = false
      setDraft(next)
      if (out.toString() === urlNow.current) return
      setWritten(out.toString())
      setParams(out)
    },
    [serialize, setParams],
  )

  return { draft, applied, edit, commit }
}
