import { describe, expect, it } from 'vitest'
import { dismissToast, getToasts, holdToasts, subscribeToasts, toast, toastsHeld } from '../../web/src/lib/toast'

describe('toast store', () => {
  it('keeps a toast raised before the container listens, for the container to show once it subscribes', () => {
    const id = toast.error('Your session has expired. Please log in again')
    let notified = 0
    const unsubscribe = subscribeToasts(() => notified++)
    expect(getToasts()).toContainEqual({ id, type: 'error', message: 'Your session has expired. Please log in again' })
    dismissToast(id)
    expect(notified).toBe(1)
    expect(getToasts().find((t) => t.id === id)).toBeUndefined()
    unsubscribe()
  })

  it('holds the countdowns while any screen is loading, and a release given twice counts once', () => {
    expect(toastsHeld()).toBe(false)
    const first = holdToasts()
    const second = holdToasts()
    first()
    first()
    expect(toastsHeld()).toBe(true)
    second()
    expect(toastsHeld()).toBe(false)
  })
})
