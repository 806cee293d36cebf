import { useState } from 'react'
import { errorMessage, requestData } from '../../api/client'
import { Button } from '../../components/Button'
import { saveJson } from '../../lib/download'
import { toast } from '../../lib/toast'

/** 'Download my data': the account's own export (everything stored about it) as a JSON file. */
export function DownloadMyData({ kind, id }: { kind: 'vendors' | 'marketers'; id: number }) {
  const [busy, setBusy] = useState(false)
  async function download() {
    setBusy(true)
    try {
      const data = await requestData<unknown>('GET', `${kind}/${id}/export`)
      saveJson('collabkart-my-data.json', data)
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
