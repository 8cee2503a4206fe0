import type { MiniAppNearest, MiniAppSession, MiniAppTexts } from '@contract/mini-app.js';
import type { SearchFilters } from './launch-links.js';

interface SearchFiltersBarProps {
  texts: MiniAppTexts;
  specialties: MiniAppSession['specialties'];
  counts: MiniAppNearest['specialtyCounts'];
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
}

/** The bot's filters: a specialty (with how many contacts of it are near), open now, the user's languages. */
export function SearchFiltersBar({ texts, specialties, counts, filters, onChange }: SearchFiltersBarProps) {
  // The chosen specialty stays offered when the answer near this point counts none of it.
  const chosen = filters.specialty && !counts.some((count) => count.key === filters.specialty) ? specialties.find((specialty) => specialty.key === filters.specialty) : undefined;
  return (
    <div className="filters">
      <select
        aria-label={texts.allSpecialties}
        value={filters.specialty ?? ''}
        onChange={(event) => onChange({ ...filters, specialty: event.target.value || undefined })}
      >
        <option value="">{texts.allSpecialties}</option>
        {counts.map((count) => (
          <option key={count.key} value={count.key}>
            {count.label} ({count.count})
          </option>
        ))}
        {chosen ? <option value={chosen.key}>{chosen.label} (0)</option> : null}
      </select>
      <label className="toggle">
        <input type="checkbox" checked={filters.openNow} onChange={(event) => onChange({ ...filters, openNow: event.target.checked })} />
        {texts.openNow}
      </label>
      <label className="toggle">
        <input type="checkbox" checked={filters.myLanguages} onChange={(event) => onChange({ ...filters, myLanguages: event.target.checked })} />
        {texts.myLanguages}
      </label>
    </div>
  );
}
