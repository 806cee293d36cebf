import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from '../../api/client'

export type Loaded<T> = {
  data: T | null
  error: string | null
  loading: boolean
  /** Loads again, keeping the current data on screen until the new answer arrives. */
  reload: () => Promise<void>
}

/**
 * Runs `load` on mount and whenever `key` changes; an answer that arrives after a newer request
 * started (or after unmount) is dropped, so a slow reply never overwrites a fresh one.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true })
  const generation = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load

  const run = useCallback(async () => {
    const mine = ++generation.current
    setState((s) => ({ ...s, loading: true }))
    try {
      const data = await loadRef.current()
      if (mine === generation.current) setState({ data, error: null, loading: false })
    } catch (err) {
      if (mine === generation.current) setState((s) => ({ data: s.data, error: errorMessage(err), loading: false }))
    }
  }, [])

  useEffect(() => {
    void run()
    return () => {
      generation.current++
    }
  }, [run, key])

  return { ...state, reload: run }
}
