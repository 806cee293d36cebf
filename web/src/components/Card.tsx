import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react'

const PADDING = {
  none: '',
  sm: 'p-4',
  md: 'p-4 sm:p-5',
  lg: 'p-5 sm:p-6',
  xl: 'p-6 sm:p-8',
} as const

export type CardPadding = keyof typeof PADDING

type CardOwnProps<E extends ElementType> = {
  as?: E
  /** Inner space: 'md' (the dashboards' p-4, p-5 from sm) unless the content sets its own. */
  padding?: CardPadding
  /** The larger corner of the public pages' panels. */
  round?: '2xl' | '3xl'
  /** Without the shadow (skeletons, cards inside cards, the pager's frame). */
  flat?: boolean
  /** Layout only (flex, grid, margins, hover): padding, corners and shadow come from the props. */
  className?: string
  children?: ReactNode
}

/** The white bordered panel every screen is made of: one class list, so the look changes in one place. */
export function cardClasses({ padding = 'md', round = '2xl', flat = false }: { padding?: CardPadding; round?: '2xl' | '3xl'; flat?: boolean } = {}) {
  return `${round === '3xl' ? 'rounded-3xl' : 'rounded-2xl'} border border-slate-200 bg-white ${flat ? '' : 'shadow-sm'} ${PADDING[padding]}`
    .replace(/\s+/g, ' ')
    .trim()
}

export function Card<E extends ElementType = 'div'>({
  as,
  padding,
  round,
  flat,
  className = '',
  children,
  ...rest
}: CardOwnProps<E> & Omit<ComponentPropsWithoutRef<E>, keyof CardOwnProps<E>>) {
  const Tag: ElementType = as ?? 'div'
  return (
    <Tag className={`${cardClasses({ padding, round, flat })} ${className}`.trim()} {...rest}>
      {children}
    </Tag>
  )
}
