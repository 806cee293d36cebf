import { MARKETER_CATEGORIES } from '@contract/marketer'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { COUNTRIES, type DirectoryFilters } from '../../lib/directory'
import { TypeAhead } from './TypeAhead'

type Props = {
  filters: DirectoryFilters
  onChange: (next: DirectoryFilters) => void
  onClear: () => void
  onSearch: () => void
  locations: string[]
  /** The slide-in panel labels the Verified box 'Phone verified' (spec 001 section 2). */
  compact: boolean
}

const checkboxClasses = 'size-4 rounded border-slate-300 text-brand-600 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500'

export function Filters({ filters, onChange, onClear, onSearch, locations, compact }: Props) {
  const set = <K extends keyof DirectoryFilters>(key: K, value: DirectoryFilters[K]) => onChange({ ...filters, [key]: value })
  const toggleCountry = (country: string) =>
    set('countries', filters.countries.includes(country) ? filters.countries.filter((c) => c !== country) : [...filters.countries, country])

  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch()
      }}
    >
      <TextField
        label="Search by Keyword"
        type="search"
        placeholder="Name, handle, id or bio"
        value={filters.keyword}
        onChange={(e) => set('keyword', e.target.value)}
      />
      <TextField label="Bio Filter" placeholder="Words in the bio" value={filters.bio} onChange={(e) => set('bio', e.target.value)} />
      <TypeAhead
        label="Category"
        options={MARKETER_CATEGORIES}
        value={filters.category}
        onChange={(v) => set('category', v)}
        emptyText="No categories found"
        placeholder="Any category"
      />
      <TypeAhead
        label="Location"
        options={locations}
        value={filters.location}
        onChange={(v) => set('location', v)}
        emptyText="No locations found"
        placeholder="Any location"
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">Country</legend>
        <div className="grid grid-cols-2 gap-2 lg:grid-cols-1">
          {COUNTRIES.map((country) => (
            <label key={country} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className={checkboxClasses} checked={filters.countries.includes(country)} onChange={() => toggleCountry(country)} />
              {country}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label="Minimum Followers"
        type="number"
        inputMode="numeric"
        min={0}
        placeholder="e.g. 10000"
        value={filters.minFollowers}
        onChange={(e) => set('minFollowers', e.target.value)}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" className={checkboxClasses} checked={filters.verified} onChange={(e) => set('verified', e.target.checked)} />
        {compact ? 'Phone verified' : 'Verified'}
      </label>
      <div className="grid grid-cols-2 gap-2 pt-1">
        <Button type="submit">Search</Button>
        <Button variant="secondary" onClick={onClear}>
          Clear All
        </Button>
      </div>
    </form>
  )
}
