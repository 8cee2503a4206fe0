import RiMapPin2Line from 'remixicon/icons/Map/map-pin-2-line.svg?react';
import { Button } from '@tremor/react';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { LocationSchema, PLACE_QUERY_MAX_LENGTH, type Place, type SandboxLocation } from '@contract/bot-sandbox.js';
import { TextField } from '../../../components/text-field.js';
import { errorMessage } from '../../../lib/api-client.js';
import { usePlaceSearch } from '../api/search-places.js';

export function placeLabel(place: Place): string {
  return [place.name, place.region, place.country].filter(Boolean).join(', ');
}

function CityPicker({ onPick }: { onPick: (place: Place) => void }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const places = usePlaceSearch(deferred);
  const listId = useId();
  const searching = deferred.trim().length >= 2;

  return (
    <div>
      <TextField
        label="Find a city"
        type="search"
        maxLength={PLACE_QUERY_MAX_LENGTH}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Type at least 2 letters, e.g. Lyon"
        aria-controls={listId}
        autoComplete="off"
      />
      <div id={listId} aria-live="polite" className="mt-1.5">
        {!searching ? null : places.isError ? (
          <p className="text-tremor-label text-red-600">{errorMessage(places.error, 'The city search failed; try again.')}</p>
        ) : places.isPending ? (
          <p className="text-tremor-label text-tremor-content">Searching…</p>
        ) : places.data.length === 0 ? (
          <p className="text-tremor-label text-tremor-content">No city matches “{deferred.trim()}”.</p>
        ) : (
          <ul aria-label="Matching cities" className="max-h-48 divide-y divide-tremor-border overflow-y-auto rounded-tremor-default border border-tremor-border bg-tremor-background">
            {places.data.map((place) => (
              <li key={place.id}>
                <button
                  type="button"
                  onClick={() => {
                    onPick(place);
                    setQuery('');
                  }}
                  className="w-full px-3 py-2 text-left text-tremor-default hover:bg-tremor-background-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-tremor-brand-muted"
                >
                  <span className="font-medium text-tremor-content-strong">{place.name}</span>
                  <span className="text-tremor-content">
                    {', '}
                    {[place.region, place.country].filter(Boolean).join(', ')}
                  </span>
                  <span className="block text-tremor-label text-tremor-content">
                    {place.latitude.toFixed(4)}, {place.longitude.toFixed(4)} · {place.population.toLocaleString('en-GB')} people
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Sends a location: typed coordinates, or those of a city picked from the gazetteer. */
export function LocationForm({ disabled, onSend }: { disabled: boolean; onSend: (location: SandboxLocation) => void }) {
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  const [picked, setPicked] = useState<Place>();
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const number = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));
    const parsed = LocationSchema.safeParse({ latitude: number(latitude), longitude: number(longitude) });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field] ??= issue.code === 'invalid_type' ? `Enter a ${field} in degrees` : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSend(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Send location" className="space-y-3">
      <CityPicker
        onPick={(place) => {
          setPicked(place);
          setLatitude(String(place.latitude));
          setLongitude(String(place.longitude));
          setErrors({});
        }}
      />
      {picked ? (
        <p className="text-tremor-label text-tremor-content">
          Coordinates of <span className="font-medium text-tremor-content-strong">{placeLabel(picked)}</span>
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Latitude"
          inputMode="decimal"
          value={latitude}
          onChange={(event) => {
            setLatitude(event.target.value);
            setPicked(undefined);
          }}
          placeholder="-90 to 90"
          error={errors.latitude}
        />
        <TextField
          label="Longitude"
          inputMode="decimal"
          value={longitude}
          onChange={(event) => {
            setLongitude(event.target.value);
            setPicked(undefined);
          }}
          placeholder="-180 to 180"
          error={errors.longitude}
        />
      </div>
      <Button type="submit" variant="secondary" icon={RiMapPin2Line} disabled={disabled} className="w-full sm:w-auto">
        Send location
      </Button>
    </form>
  );
}
