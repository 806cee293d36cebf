import { useSearchParams } from 'react-router'
import { DashboardTabs, type TabDef } from '../dashboard-shared/DashboardTabs'
import { MyCampaigns } from './MyCampaigns'
import { OpenCampaigns } from './OpenCampaigns'

const VIEWS = [
  { key: 'open', label: 'Open to you' },
  { key: 'mine', label: 'My campaigns' },
] as const satisfies readonly TabDef<string>[]
type View = (typeof VIEWS)[number]['key']

/** The influencer's 'Campaigns' tab: campaigns they may apply to, and the ones they applied to, were invited to or joined. */
export function MarketerCampaignsTab() {
  const [params, setParams] = useSearchParams()
  const view: View = params.get('view') === 'mine' ? 'mine' : 'open'
  const select = (v: View) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev)
      if (v === 'open') p.delete('view')
      else p.set('view', v)
      return p
    })
  return (
    <div>
      <DashboardTabs tabs={VIEWS} current={view} onSelect={select} label="Campaign lists" />
      <div role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`} className="pt-5">
        {view === 'open' ? <OpenCampaigns onApplied={() => select('mine')} /> : <MyCampaigns />}
      </div>
    </div>
  )
}
