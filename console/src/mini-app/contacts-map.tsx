import { useEffect, useMemo, useState } from 'react';
import { divIcon, latLngBounds } from 'leaflet';
import { CircleMarker, GeoJSON, MapContainer, Marker, Pane, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { MiniAppContact, MiniAppPoint } from '@contract/mini-app.js';
import { loadWorld, type Countries } from '../lib/world-outlines.js';

/** The tile template and its credit, which the server writes into the page's <meta> tags (MAP_TILE_URL, MAP_ATTRIBUTION). */
function tileSettings(): { url: string; attribution: string } {
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  return { url: meta('map-tile-url'), attribution: meta('map-attribution') };
}

/** Closer than this the pins of one street stay apart; the bot's nearest contacts fit one screen. */
const MAX_FIT_ZOOM = 15;

function pinIcon(contact: MiniAppContact, selected: boolean) {
  const classes = ['pin', contact.isMasterOfMedicine && 'pin-mom', contact.locationApproximate && 'pin-approximate', selected && 'pin-selected'];
  return divIcon({
    className: classes.filter(Boolean).join(' '),
    // The bot marks Master of Medicine with ⭐; the others are plain pins.
    html: contact.isMasterOfMedicine ? '⭐' : '',
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
}

/** Frames a new answer: its pins and its point. */
function FitToResults({ point, contacts }: { point: MiniAppPoint; contacts: MiniAppContact[] }) {
  const map = useMap();
  useEffect(() => {
    const bounds = latLngBounds([[point.latitude, point.longitude]]);
    for (const contact of contacts) bounds.extend([contact.latitude, contact.longitude]);
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: MAX_FIT_ZOOM, animate: false });
  }, [map, point, contacts]);
  return null;
}

/** Tells the page where the person moved the map (a drag or their own zoom, not the page's framing). */
function MoveWatcher({ onMoved }: { onMoved: (center: MiniAppPoint) => void }) {
  const map = useMapEvents({
    dragend: () => onMoved({ latitude: map.getCenter().lat, longitude: map.getCenter().lng }),
  });
  return null;
}

/** Brings a pin into view when its card's pin icon is pressed. */
function PanTo({ target }: { target: MiniAppContact | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (target) map.panTo([target.latitude, target.longitude], { animate: false });
  }, [map, target]);
  return null;
}

function useCountries(): Countries | null {
  const [countries, setCountries] = useState<Countries | null>(null);
  useEffect(() => {
    let live = true;
    void loadWorld().then((loaded) => live && setCountries(loaded));
    return () => {
      live = false;
    };
  }, []);
  return countries;
}

interface ContactsMapProps {
  point: MiniAppPoint;
  /** The answer being framed; a new array when a new search answered, the same one while pages are added. */
  framed: MiniAppContact[];
  contacts: MiniAppContact[];
  selectedId: number | undefined;
  panTarget: MiniAppContact | undefined;
  onPin: (contact: MiniAppContact) => void;
  onMoved: (center: MiniAppPoint) => void;
}

/**
 * The contacts as pins over the operator's tiles; under the tiles the countries' outlines, drawn offline, so
 * the pins still stand on something where the tiles do not load.
 */
export function ContactsMap({ point, framed, contacts, selectedId, panTarget, onPin, onMoved }: ContactsMapProps) {
  const tiles = useMemo(tileSettings, []);
  const countries = useCountries();
  return (
    <MapContainer center={[point.latitude, point.longitude]} zoom={13} className="map" zoomControl={false}>
      <Pane name="outlines" style={{ zIndex: 150 }}>
        {countries ? <GeoJSON data={countries} interactive={false} style={{ className: 'outline' }} /> : null}
      </Pane>
      {tiles.url ? <TileLayer url={tiles.url} attribution={tiles.attribution} /> : null}
      <CircleMarker center={[point.latitude, point.longitude]} radius={7} interactive={false} className="search-point" />
      {contacts.map((contact) => (
        <Marker
          key={contact.id}
          position={[contact.latitude, contact.longitude]}
          icon={pinIcon(contact, contact.id === selectedId)}
          title={contact.name}
          zIndexOffset={contact.id === selectedId ? 1000 : contact.isMasterOfMedicine ? 500 : 0}
          eventHandlers={{ click: () => onPin(contact) }}
        />
      ))}
      <FitToResults point={point} contacts={framed} />
      <MoveWatcher onMoved={onMoved} />
      <PanTo target={panTarget} />
    </MapContainer>
  );
}
