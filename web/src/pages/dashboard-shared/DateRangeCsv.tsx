import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { downloadCsv } from '../../api/money'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'

type Props = { path: Parameters<typeof downloadCsv>[0]; fileName: string; labels: { from: string; to: string; button: string }; className?: string }

/** A CSV of a date range (both ends optional): the influencer's statement, the vendor's payout history. */
export function DateRangeCsv({ path, fileName, labels, className = '' }: Props) {
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const download = useMutation({ mutationFn: () => downloadCsv(path, { from, to }, fileName) })
  return (
    <div className={`grid grid-cols-1 items-end gap-3 sm:grid-cols-3 ${className}`}>
      <TextField label={labels.from} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      <TextField label={labels.to} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      <Button variant="secondary" busy={download.isPending} onClick={() => download.mutate()}>
        {labels.button}
      </Button>
    </div>
  )
}
