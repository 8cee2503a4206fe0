import RiCloseLine from 'remixicon/icons/System/close-line.svg?react';
import { Button } from '@tremor/react';
import { useEffect } from 'react';
import type { ContactFilterOptions } from '@contract/medical-contacts.js';
import { SelectField } from '../../../components/select-field.js';
import { CountryField, LanguageField } from '../../../components/code-fields.js';
import { hasActiveFilter, type ContactFilterParams } from '../contact-query.js';
import { SearchField } from '../../../components/search-field.js';
import { CONTACT_SEARCH_MAX_LENGTH } from '@contract/medical-contacts.js';
import type { FilterProblems } from '../../../lib/filter-problems.js';
import { useLocalText } from '../../../lib/use-local-text.js';

interface ContactFiltersProps {
  filter: ContactFilterParams;
  options: ContactFilterOptions | undefined;
  /** What the API would refuse in the filter from the address, shown on its field. */
  problems?: FilterProblems<keyof ContactFilterParams>;
  onChange: (changes: Partial<ContactFilterParams>) => void;
  onClear: () => void;
}

const SEARCH_DELAY_MS = 300;

/**
 * A filter's choices with the one in the address among them. A select whose value is not one of its
 * options shows its first ("All countries") while the list is filtered: before the options load (a
 * shared link), or once the last contact of that country is gone.
 */
function withChosen(choices: readonly string[] | undefined, chosen: string | undefined): readonly string[] {
  const known = choices ?? [];
  return chosen && !known.includes(chosen) ? [chosen, ...known] : known;
}

/** Search and filters; the screen keeps their values in the URL. */
export function ContactFilters({ filter, options, problems = {}, onChange, onClear }: ContactFiltersProps) {
  const [search, setSearch] = useLocalText(filter.search);

  useEffect(() => {
    if (search.trim() === (filter.search ?? '')) return undefined;
    const timer = setTimeout(() => onChange({ search: search.trim() || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filter.search, onChange]);

  const regions = withChosen(
    (options?.regions ?? []).filter((option) => option.country === filter.country).map(({ region }) => region),
    filter.region,
  );
  const select = (value: string | undefined) => value || undefined;

  return (
    <div className="space-y-3">
      <SearchField label="Search contacts" maxLength={CONTACT_SEARCH_MAX_LENGTH} value={search} onChange={setSearch} placeholder="Name, phone, place or specialty" error={problems.search} />
      {/* One filter a row on a phone: two side by side cut their chosen text ("Pick a coun", "Due for re-verif"). */}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-3 2xl:grid-cols-6">
        <SelectField label="Specialty" value={filter.specialty ?? ''} error={problems.specialty} onChange={(event) => onChange({ specialty: select(event.target.value) })}>
          <option value="">All specialties</option>
          {withChosen(options?.specialties, filter.specialty).map((specialty) => (
            <option key={specialty} value={specialty}>
              {specialty}
            </option>
          ))}
        </SelectField>
        <CountryField
          label="Country"
          value={filter.country ?? ''}
          error={problems.country}
          onChange={(code) => onChange({ country: select(code), region: undefined, city: undefined })}
          offered={options?.countries ?? []}
          placeholder="All countries"
        />
        <SelectField
          label="Region"
          value={filter.region ?? ''}
          error={problems.region}
          disabled={!filter.country}
          onChange={(event) => onChange({ region: select(event.target.value), city: undefined })}
        >
          <option value="">{filter.country ? 'All regions' : 'Pick a country'}</option>
          {regions.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </SelectField>
        <LanguageField
          label="Language"
          value={filter.language ?? ''}
          error={problems.language}
          onChange={(code) => onChange({ language: select(code) })}
          offered={options?.languages ?? []}
          placeholder="Any language"
        />
        <SelectField
          label="Status"
          value={filter.status ?? ''}
          onChange={(event) => onChange({ status: event.target.value === 'active' || event.target.value === 'inactive' ? event.target.value : undefined })}
        >
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </SelectField>
        <SelectField
          label="Verification"
          value={filter.verified ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ verified: value === 'verified' || value === 'unverified' || value === 'due' ? value : undefined });
          }}
        >
          <option value="">Any</option>
          <option value="verified">Verified</option>
          <option value="unverified">Unverified</option>
          <option value="due">Due for re-verification</option>
        </SelectField>
        <SelectField
          label="Reports"
          value={filter.reported ?? ''}
          onChange={(event) => onChange({ reported: event.target.value === 'yes' || event.target.value === 'no' ? event.target.value : undefined })}
        >
          <option value="">Any</option>
          <option value="yes">Reported</option>
          <option value="no">No open reports</option>
        </SelectField>
        <SelectField
          label="Master of Medicine"
          value={filter.masterOfMedicine ?? ''}
          onChange={(event) =>
            onChange({ masterOfMedicine: event.target.value === 'true' || event.target.value === 'false' ? event.target.value : undefined })
          }
        >
          <option value="">Any</option>
          <option value="true">Master of Medicine</option>
          <option value="false">Not Master of Medicine</option>
        </SelectField>
        <SelectField
          label="Hours"
          value={filter.hours ?? ''}
          onChange={(event) => onChange({ hours: event.target.value === 'open-now' || event.target.value === 'unverified' ? event.target.value : undefined })}
        >
          <option value="">Any hours</option>
          <option value="open-now">Open now</option>
          <option value="unverified">Hours not verified</option>
        </SelectField>
        <SelectField
          label="Location"
          value={filter.findable ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ findable: value === 'yes' || value === 'no' || value === 'approximate' ? value : undefined });
          }}
        >
          <option value="">Any location</option>
          <option value="yes">With a location</option>
          <option value="no">Without a location</option>
          <option value="approximate">City centre only</option>
        </SelectField>
        <SelectField
          label="Phone"
          value={filter.phoneStatus ?? ''}
          onChange={(event) => onChange({ phoneStatus: event.target.value === 'unreadable' ? event.target.value : undefined })}
        >
          <option value="">Any phone</option>
          <option value="unreadable">Not a number of its country</option>
        </SelectField>
      </div>
      {hasActiveFilter(filter) ? (
        <div className="flex flex-wrap items-center gap-2 text-tremor-label text-tremor-content">
          {filter.city ? (
            <span className="break-all">
              City: {filter.city}
              {/* The city has no input of its own (a link from elsewhere sets it): what is wrong with it is said here. */}
              {problems.city ? <span className="block text-red-600">{problems.city}</span> : null}
            </span>
          ) : null}
          {filter.contactMethod ? <span>Method: {filter.contactMethod}</span> : null}
          {filter.unrecognised ? <span>{filter.unrecognised === 'country' ? 'Country not recognised' : 'Languages not recognised'}</span> : null}
          <Button
            type="button"
            size="xs"
            variant="light"
            icon={RiCloseLine}
            onClick={() => {
              setSearch('');
              onClear();
            }}
          >
            Clear filters
          </Button>
        </div>
      ) : null}
    </div>
  );
}
