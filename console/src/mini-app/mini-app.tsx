import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ContactProblem } from '@contract/contact-reports.js';
import type { MiniAppContact, MiniAppNearest, MiniAppPoint, MiniAppSession } from '@contract/mini-app.js';
import { ContactCard } from './contact-card.js';
import { ContactsMap } from './contacts-map.js';
import { kilometresBetween, openingSearch, routeUrl, type SearchFilters } from './launch-links.js';
import { miniAppApi, RefusedError } from './mini-app-api.js';
import { PlaceBox } from './place-box.js';
import { ReportSheet } from './report-sheet.js';
import { SearchFiltersBar } from './search-filters.js';
import { closeMiniApp, haptic, openUrl, pageReady, requestLocation, showBackButton, type Launch } from './telegram.js';

/** A drag shorter than this leaves the answer as it is: no "search this area" for a nudge. */
const MOVE_OFFER_KM = 0.3;

interface Answer extends Omit<MiniAppNearest, 'charged'> {
  /** The first page's contacts, which the map frames; pages added later keep the frame. */
  framed: MiniAppContact[];
}

/** The Bot's refusal, or a page that could not start: the whole screen, with a way out. */
function FullScreen({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <main className="full-screen">
      <p role="alert">{message}</p>
      <button type="button" className="action" onClick={onClose}>
        ✕
      </button>
    </main>
  );
}

/** The Mini App (docs/specification.md "Mini App"): the nearest contacts as pins and as the bot's cards. */
export function MiniApp({ launch }: { launch: Launch }) {
  const api = useMemo(() => miniAppApi(launch.initData), [launch]);
  const opening = useMemo(() => openingSearch(window.location.search), []);
  const [session, setSession] = useState<MiniAppSession>();
  const [refusal, setRefusal] = useState<string>();
  const [failed, setFailed] = useState(false);
  const [point, setPoint] = useState<MiniAppPoint>();
  const [askingPlace, setAskingPlace] = useState(false);
  const [filters, setFilters] = useState<SearchFilters>(opening.filters);
  const [answer, setAnswer] = useState<Answer>();
  const [searchFailed, setSearchFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [movedTo, setMovedTo] = useState<MiniAppPoint>();
  const [selectedId, setSelectedId] = useState<number>();
  const [panTarget, setPanTarget] = useState<MiniAppContact>();
  const [reporting, setReporting] = useState<MiniAppContact>();
  const cards = useRef(new Map<number, HTMLLIElement>());
  const mapArea = useRef<HTMLDivElement>(null);

  const fail = useCallback((error: unknown) => {
    if (error instanceof RefusedError) setRefusal(error.refusal.message);
    else setFailed(true);
    haptic.error();
    pageReady();
  }, []);

  useEffect(() => {
    let live = true;
    void api.session().then(async (loaded) => {
      if (!live) return;
      setSession(loaded);
      document.documentElement.lang = loaded.language;
      const start = opening.point ?? loaded.lastPoint ?? (await requestLocation());
      if (!live) return;
      if (start) setPoint(start);
      else {
        setAskingPlace(true);
        pageReady();
      }
    }, fail);
    return () => {
      live = false;
    };
  }, [api, opening, fail]);

  useEffect(() => {
    if (!point) return;
    let live = true;
    setSearchFailed(false);
    void api.nearest(point, filters, 0).then((result) => {
      if (!live) return;
      setAnswer({ contacts: result.contacts, specialtyCounts: result.specialtyCounts, nextOffset: result.nextOffset, framed: result.contacts });
      setSelectedId(undefined);
      setMovedTo(undefined);
      pageReady();
    }, (error: unknown) => {
      if (!live) return;
      if (error instanceof RefusedError) fail(error);
      else setSearchFailed(true);
    });
    return () => {
      live = false;
    };
  }, [api, point, filters, fail]);

  // Telegram's back button closes the report sheet, then the chosen card.
  useEffect(() => {
    if (reporting) return showBackButton(() => setReporting(undefined));
    if (selectedId !== undefined) return showBackButton(() => setSelectedId(undefined));
    return undefined;
  }, [reporting, selectedId]);

  if (refusal !== undefined) return <FullScreen message={refusal} onClose={closeMiniApp} />;
  if (failed) return <FullScreen message={session?.texts.loadFailed ?? '⚠️'} onClose={closeMiniApp} />;
  if (!session) return <main className="full-screen" aria-busy="true" />;
  const { texts } = session;

  if (!point) {
    return askingPlace ? (
      <PlaceBox
        texts={texts}
        searchPlaces={(query) => api.places(query).then((found) => found.places)}
        onShareLocation={() => {
          haptic.tap();
          void requestLocation().then((location) => location && setPoint(location));
        }}
        onPlace={(place) => {
          haptic.tap();
          setPoint(place);
        }}
      />
    ) : (
      <main className="full-screen" aria-busy="true" />
    );
  }

  function showCard(contact: MiniAppContact) {
    haptic.selection();
    setSelectedId(contact.id);
    cards.current.get(contact.id)?.scrollIntoView({ block: 'center' });
  }

  function showPin(contact: MiniAppContact) {
    haptic.selection();
    setSelectedId(contact.id);
    setPanTarget(contact);
    mapArea.current?.scrollIntoView({ block: 'start' });
  }

  function loadMore(offset: number) {
    setLoadingMore(true);
    void api.nearest(point!, filters, offset).then(
      (page) => {
        haptic.tap();
        setAnswer((current) => current && { ...current, contacts: [...current.contacts, ...page.contacts], nextOffset: page.nextOffset });
        setLoadingMore(false);
      },
      (error: unknown) => {
        setLoadingMore(false);
        if (error instanceof RefusedError) fail(error);
        else setSearchFailed(true);
      },
    );
  }

  const contacts = answer?.contacts ?? [];
  return (
    <main className="page">
      <div className="map-area" ref={mapArea}>
        <ContactsMap
          point={point}
          framed={answer?.framed ?? []}
          contacts={contacts}
          selectedId={selectedId}
          panTarget={panTarget}
          onPin={showCard}
          onMoved={(center) => setMovedTo(kilometresBetween(center, point) > MOVE_OFFER_KM ? center : undefined)}
        />
        {movedTo ? (
          <button
            type="button"
            className="search-area"
            onClick={() => {
              haptic.tap();
              setPoint(movedTo);
            }}
          >
            {texts.searchThisArea}
          </button>
        ) : null}
      </div>
      <SearchFiltersBar
        texts={texts}
        specialties={session.specialties}
        counts={answer?.specialtyCounts ?? []}
        filters={filters}
        onChange={(next) => {
          haptic.selection();
          setFilters(next);
        }}
      />
      {searchFailed ? <p role="alert" className="notice">{texts.loadFailed}</p> : null}
      {answer && contacts.length === 0 ? <p className="notice">{texts.noResults}</p> : null}
      <ol className="cards" aria-label={texts.title} aria-busy={!answer}>
        {contacts.map((contact) => (
          <ContactCard
            key={contact.id}
            ref={(element) => {
              if (element) cards.current.set(contact.id, element);
              else cards.current.delete(contact.id);
            }}
            contact={contact}
            texts={texts}
            language={session.language}
            selected={contact.id === selectedId}
            onShowPin={() => showPin(contact)}
            onCall={() => haptic.tap()}
            onMessage={() => {
              haptic.tap();
              openUrl(contact.messageUrl!);
            }}
            onRoute={() => {
              haptic.tap();
              openUrl(routeUrl(launch.platform, contact));
            }}
            onReport={() => {
              haptic.tap();
              setReporting(contact);
            }}
          />
        ))}
      </ol>
      {answer?.nextOffset != null ? (
        <button type="button" className="action more" disabled={loadingMore} onClick={() => loadMore(answer.nextOffset!)}>
          {texts.moreResults}
        </button>
      ) : null}
      {reporting ? (
        <ReportSheet
          key={reporting.id}
          contact={reporting}
          texts={texts}
          onSend={async (problem: ContactProblem) => {
            await api.report({ contactId: reporting.id, problem });
            haptic.success();
          }}
        />
      ) : null}
    </main>
  );
}
