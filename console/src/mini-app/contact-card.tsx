import { forwardRef } from 'react';
import type { MiniAppContact, MiniAppTexts } from '@contract/mini-app.js';
import { distanceText } from './launch-links.js';

interface ContactCardProps {
  contact: MiniAppContact;
  texts: MiniAppTexts;
  language: string;
  selected: boolean;
  onShowPin: () => void;
  onMessage: () => void;
  onCall: () => void;
  onRoute: () => void;
  onReport: () => void;
}

/** One contact as the bot's card shows it, with the card's buttons. */
export const ContactCard = forwardRef<HTMLLIElement, ContactCardProps>(function ContactCard(
  { contact, texts, language, selected, onShowPin, onMessage, onCall, onRoute, onReport },
  ref,
) {
  const status = contact.openNow === null ? null : contact.openNow ? texts.open : texts.closed;
  return (
    <li ref={ref} className={selected ? 'card card-selected' : 'card'} aria-label={contact.name} aria-current={selected || undefined}>
      <div className="card-head">
        <button type="button" className="card-pin" aria-label={`📍 ${contact.name}`} onClick={onShowPin}>
          {contact.isMasterOfMedicine ? '⭐' : '📍'}
        </button>
        <div className="card-title">
          <h2>{contact.name}</h2>
          {contact.isMasterOfMedicine ? <p className="badge">⭐ {texts.masterOfMedicine}</p> : null}
          <p className="hint">
            {contact.specialty} · {contact.city}
            {contact.locationApproximate ? null : ` · ${distanceText(texts.distanceKm, contact.distanceKm, language)}`}
          </p>
        </div>
      </div>
      <p className="hours">
        {status ? <span className={contact.openNow ? 'open' : 'closed'}>{status}</span> : null} {contact.hours}
      </p>
      {contact.languages.length > 0 ? <p className="hint">{contact.languages.join(', ')}</p> : null}
      {contact.freshness ? <p className="freshness">{contact.freshness}</p> : null}
      <div className="actions">
        <a className="action" href={`tel:${contact.phone}`} onClick={onCall}>
          📞 {texts.call}
        </a>
        {contact.messageUrl ? (
          <a
            className="action"
            href={contact.messageUrl}
            onClick={(event) => {
              event.preventDefault();
              onMessage();
            }}
          >
            💬 {texts.message}
          </a>
        ) : null}
        <button type="button" className="action" onClick={onRoute}>
          🧭 {texts.route}
        </button>
        <button type="button" className="action" onClick={onReport}>
          ⚠️ {texts.report}
        </button>
      </div>
    </li>
  );
});
