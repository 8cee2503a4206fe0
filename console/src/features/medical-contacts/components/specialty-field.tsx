import { Button } from '@tremor/react';
import { useState } from 'react';
import { checkSpecialty } from '@contract/specialties.js';
import { ComboboxField } from '../../../components/combobox-field.js';
import { useSpecialtyTaxonomy } from '../../../lib/specialties.js';

interface SpecialtyFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The server's word on the field, after a save it refused. */
  error: string | undefined;
  /** What the field says before anything is typed. */
  hint: string;
}

/**
 * A contact's specialty, picked from the taxonomy (api/contract/specialties.ts) by any of its names
 * in any of the bot's languages. Once what was typed is left, the contract's rule checks it, as the
 * server will: a synonym says what it will be saved as, an unknown name is refused with the nearest
 * names, each a button that takes it. A contact's specialty from before the taxonomy, untouched, is
 * only pointed out: an edit that leaves it alone does not send it.
 */
export function SpecialtyField({ value, onChange, error, hint }: SpecialtyFieldProps) {
  const taxonomy = useSpecialtyTaxonomy();
  const [edited, setEdited] = useState(false);
  const [typing, setTyping] = useState(false);
  const checked = checkSpecialty(value, taxonomy);
  const refused = 'error' in checked;
  const judged = refused && edited && !typing;
  const suggestions = judged ? taxonomy.nearest(value) : [];
  const savedAs = !refused && checked.specialty !== '' && checked.specialty !== value.trim() ? `Saved as ${checked.specialty}.` : undefined;
  const outsideList = refused && !edited ? 'Outside the list: the bot shows it untranslated. Pick a specialty from the list.' : undefined;
  return (
    <ComboboxField
      label="Specialty"
      value={value}
      onChange={(text) => {
        setEdited(true);
        onChange(text);
      }}
      onFocus={() => setTyping(true)}
      onBlur={() => setTyping(false)}
      choices={taxonomy.search(value).map(({ specialty, matched }) => ({ value: specialty, detail: matched && `Found by "${matched}"` }))}
      noChoice="No specialty has this name."
      placeholder="e.g., Cardiology"
      // A name the rule takes clears the server's refusal of an earlier one.
      error={refused ? (judged ? checked.error : error) : undefined}
      hint={savedAs ?? outsideList ?? hint}
      after={
        suggestions.length > 0 ? (
          <div role="group" aria-label="Nearest specialties" className="mt-1.5 flex flex-wrap gap-1.5">
            {suggestions.map((specialty) => (
              <Button key={specialty} type="button" size="xs" variant="secondary" onClick={() => onChange(specialty)}>
                {specialty}
              </Button>
            ))}
          </div>
        ) : null
      }
    />
  );
}
