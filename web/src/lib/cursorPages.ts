// Numbered pages over keyset cursors. The server only says where the next page starts, so the pages
// a reader can jump to are the ones already reached plus the next: cursors[i] opens page i + 1.

export type CursorPages = { cursors: (string | undefined)[]; index: number }

export const FIRST_PAGE: CursorPages = { cursors: [undefined], index: 0 }

/** Records where the page after `index` starts, once its answer has arrived. */
export function reached(state: CursorPages, index: number, nextCursor: string | null): CursorPages {
  if (nextCursor === null || index !== state.cursors.length - 1) return state
  return { ...state, cursors: [...state.cursors, nextCursor] }
}

/** Goes to page `page` (1-based) if it has been reached; otherwise stays. */
export function goTo(state: CursorPages, page: number): CursorPages {
  const index = page - 1
  if (index < 0 || index >= state.cursors.length || index === state.index) return state
  return { ...state, index }
}

/** The 1-based numbers of the pages a reader can open now. */
export const reachablePages = (state: CursorPages) => state.cursors.length
