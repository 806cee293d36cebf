import type { ReactNode } from 'react'
import { PictureButton } from './PictureButton'
import { Card } from '../../components/Card'

type Props = {
  /** The id of the name heading inside `children`, which names the section. */
  labelledBy: string
  name: string
  picture: string | null | undefined
  uploading: boolean
  onPick: (file: File) => void
  /** The edit button beside the avatar ('Update', 'Edit Profile'). */
  action: ReactNode
  children: ReactNode
}

/** A profile card: a brand cover, the clickable avatar overlapping it with the edit button beside it, then the details. */
export function ProfileCover({ labelledBy, name, picture, uploading, onPick, action, children }: Props) {
  return (
    <Card as="section" aria-labelledby={labelledBy} padding="none" className="overflow-hidden">
      <div className="h-24 bg-gradient-to-br from-brand-800 via-brand-600 to-brand-400 sm:h-32" aria-hidden="true" />
      <div className="px-5 pb-6 sm:px-8">
        <div className="-mt-12 flex items-end justify-between gap-4">
          <PictureButton name={name} path={picture} busy={uploading} onPick={onPick} />
          {action}
        </div>
        {children}
      </div>
    </Card>
  )
}
