import { useState } from 'react'
import { errorMessage, requestData } from '../../api/client'
import { Button } from '../../components/Button'
import { toast } from '../../lib/toast'

/** 'Download my data': the account's own export (everything stored about it) as a JSON file. */
export function DownloadMyData({ kind, id }: { kind: 'vendors' | 'marketers'; id: number }) {
  const [busy, setBusy] = useState(false)
  async function download() {
    setBusy(true)
    try {
      const data = await requestData<unknown>('GET', `${kind}/${id}/export`)
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
      const a = document.createElement('a')
      a.href = url
      a.download = `collabkart-my-data.json`
      document.body.append(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
      toast.success('Your data was downloaded')
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="ghost" busy={busy} onClick={() => void download()}>
      Download my data
    </Button>
  )
}
