import { Component, type ReactNode } from 'react'

type Props = { children: ReactNode }
type State = { error: Error | null }

/** The router's render-error screen of spec 000 section 8. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <main className="mx-auto max-w-2xl px-4 py-16">
        <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
        <pre className="mt-4 overflow-x-auto whitespace-pre-wrap rounded-xl bg-rose-50 p-4 text-sm text-rose-800">{error.message}</pre>
        <a href="/" className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4">
          Back to home
        </a>
      </main>
    )
  }
}
