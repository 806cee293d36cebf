import { describe, expect, it } from 'vitest'
import { FIRST_PAGE, goTo, reachablePages, reached } from '../../web/src/lib/cursorPages'

describe('numbered pages over keyset cursors', () => {
  it('offers the next page once the current page says where it starts, and only then', () => {
    expect(reachablePages(FIRST_PAGE)).toBe(1)
    expect(goTo(FIRST_PAGE, 2)).toBe(FIRST_PAGE)
    const afterOne = reached(FIRST_PAGE, 0, 'c2')
    expect(reachablePages(afterOne)).toBe(2)
    const onTwo = goTo(afterOne, 2)
    expect(onTwo.index).toBe(1)
    expect(onTwo.cursors[onTwo.index]).toBe('c2')
  })

  it('goes back to any page already reached with the cursor that opened it', () => {
    let s = reached(FIRST_PAGE, 0, 'c2')
    s = reached(goTo(s, 2), 1, 'c3')
    s = goTo(s, 3)
    expect(s.cursors).toEqual([undefined, 'c2', 'c3'])
    expect(goTo(s, 1).cursors[0]).toBeUndefined()
    expect(goTo(s, 1).index).toBe(0)
  })

  it('adds nothing on the last page or for an answer about an earlier page', () => {
    const s = reached(FIRST_PAGE, 0, 'c2')
    expect(reached(s, 1, null)).toBe(s)
    expect(reached(s, 0, 'other')).toBe(s)
  })

  it('refuses page numbers that were never reached', () => {
    const s = reached(FIRST_PAGE, 0, 'c2')
    expect(goTo(s, 0)).toBe(s)
    expect(goTo(s, 3)).toBe(s)
  })
})
