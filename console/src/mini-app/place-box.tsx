import { useState, type FormEvent } from 'react';
import type { MiniAppPlaces, MiniAppPoint, MiniAppTexts } from '@contract/mini-app.js';

interface PlaceBoxProps {
  texts: MiniAppTexts;
  searchPlaces: (query: string) => Promise<MiniAppPlaces['places']>;
  onShareLocation: () => void;
  onPlace: (point: MiniAppPoint) => void;
}

/** Without a point: the user's location from Telegram, or a place typed as the bot takes one. */
export function PlaceBox({ texts, searchPlaces, onShareLocation, onPlace }: PlaceBoxProps) {
  const [query, setQuery] = useState('');
  const [places, setPlaces] = useState<MiniAppPlaces['places']>();
  const [failed, setFailed] = useState(false);

  function search(event: FormEvent) {
    event.preventDefault();
    if (query.trim() === '') return;
    setFailed(false);
    void searchPlaces(query.trim()).then(setPlaces, () => setFailed(true));
  }

  return (
    <main className="place-box">
      <h1>{texts.title}</h1>
      <button type="button" className="action primary" onClick={onShareLocation}>
        📍 {texts.shareLocation}
      </button>
      <form role="search" onSubmit={search}>
        <input type="search" value={query} aria-label={texts.typePlace} placeholder={texts.typePlace} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit" className="action" aria-label={texts.typePlace}>
          🔍
        </button>
      </form>
      {failed ? <p role="alert">{texts.loadFailed}</p> : null}
      {places?.length === 0 ? <p>{texts.noResults}</p> : null}
      {places && places.length > 0 ? (
        <ul className="places">
          {places.map((place) => (
            <li key={`${place.latitude},${place.longitude}`}>
              <button type="button" className="action" onClick={() => onPlace(place)}>
                {place.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}
