import { useMutation } from '@tanstack/react-query'
import { MARKETER_ROUTES } from '@contract/marketer-routes'
import { VENDOR_ROUTES } from '@contract/vendor-routes'
import { callData } from '../../api/client'
import { Button } from '../../components/Button'
import { saveJson } from '../../lib/download'
import { toast } from '../../lib/toast'

/** 'Download my data': the account's own export (everything stored about it) as a JSON file. */
export function DownloadMyData({ kind, id }: { kind: 'vendors' | 'marketers'; id: number }) {
  const download = useMutation({
    mutationFn: () => callData(kind === 'vendors' ? VENDOR_ROUTES.exportData : MARKETER_ROUTES.exportData, { params: { id } }),
    onSuccess: (data) => {
      saveJson('collabkart-my-data.json', data)
      toast.success('Your data was downloaded')
    },
  })
  return (
    <Button variant="ghost" busy={download.isPending} onClick={() => download.mutate()}>
      Download my data
    </Button>
  )
}
