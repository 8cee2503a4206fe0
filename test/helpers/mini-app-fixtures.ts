import type { MiniAppContact, MiniAppNearest, MiniAppSession, MiniAppTexts } from '../../api/contract/mini-app.js';

/** Where the fixtures' contacts stand: Lyon, around its centre. */
export const LYON = { latitude: 45.7485, longitude: 4.8467 };

const TEXTS: Record<'en' | 'fr', MiniAppTexts> = {
  en: {
    title: 'Medical contacts near you',
    typePlace: 'Type a place',
    shareLocation: 'Share my location',
    searchThisArea: 'Search this area',
    allSpecialties: 'All specialties',
    openNow: 'Open now',
    myLanguages: 'My languages',
    moreResults: 'More results',
    noResults: 'No contacts here.',
    masterOfMedicine: 'Master of Medicine',
    call: 'Call',
    message: 'Message',
    route: 'Route',
    report: 'Report a problem',
    reportQuestion: 'What is wrong?',
    reportThanks: 'Thank you! We will check it.',
    problems: { wrong_number: 'Wrong number', closed_or_moved: 'Closed or moved', no_answer: 'No answer', other: 'Something else' },
    open: 'Open',
    closed: 'Closed',
    distanceKm: '{distance} km',
    loadFailed: 'Could not load. Try again.',
  },
  fr: {
    title: 'Contacts médicaux près de vous',
    typePlace: 'Tapez un lieu',
    shareLocation: 'Partager ma position',
    searchThisArea: 'Chercher dans cette zone',
    allSpecialties: 'Toutes les spécialités',
    openNow: 'Ouvert maintenant',
    myLanguages: 'Mes langues',
    moreResults: 'Plus de résultats',
    noResults: 'Aucun contact ici.',
    masterOfMedicine: 'Maître de médecine',
    call: 'Appeler',
    message: 'Écrire',
    route: 'Itinéraire',
    report: 'Signaler un problème',
    reportQuestion: 'Qu’est-ce qui ne va pas ?',
    reportThanks: 'Merci ! Nous allons vérifier.',
    problems: { wrong_number: 'Mauvais numéro', closed_or_moved: 'Fermé ou déménagé', no_answer: 'Pas de réponse', other: 'Autre chose' },
    open: 'Ouvert',
    closed: 'Fermé',
    distanceKm: '{distance} km',
    loadFailed: 'Chargement impossible. Réessayez.',
  },
};

const SPECIALTY_LABELS: Record<'en' | 'fr', Record<string, string>> = {
  en: { dentist: 'Dentist', general_practitioner: 'General practitioner' },
  fr: { dentist: 'Dentiste', general_practitioner: 'Médecin généraliste' },
};

export function aSession(telegramId: number, language: 'en' | 'fr'): MiniAppSession {
  return {
    telegramId,
    language,
    texts: TEXTS[language],
    lastPoint: LYON,
    maxRadiusKm: 50,
    specialties: Object.entries(SPECIALTY_LABELS[language]).map(([key, label]) => ({ key, label })),
  };
}

function aContact(spec: Pick<MiniAppContact, 'id' | 'name' | 'specialtyKey' | 'isMasterOfMedicine' | 'openNow' | 'messageUrl'> & { north: number; east: number }, language: 'en' | 'fr'): MiniAppContact {
  const { north, east, ...rest } = spec;
  // Five decimals, as a card's coordinates are kept: the route link names them as they are.
  const latitude = Math.round((LYON.latitude + north) * 1e5) / 1e5;
  const longitude = Math.round((LYON.longitude + east) * 1e5) / 1e5;
  return {
    ...rest,
    specialty: SPECIALTY_LABELS[language][spec.specialtyKey]!,
    city: 'Lyon',
    latitude,
    longitude,
    distanceKm: Math.round(Math.hypot(north * 111, east * 78) * 10) / 10,
    locationApproximate: false,
    phone: `+3347800000${spec.id}`,
    hours: 'Mo-Fr 09:00-18:00',
    languages: ['fr', 'en'],
    freshness: language === 'fr' ? '✔ Vérifié il y a 12 jours' : '✔ Checked 12 days ago',
  };
}

/** Three contacts in the bot's order: Master of Medicine first, then by distance. */
export function theContacts(language: 'en' | 'fr'): MiniAppContact[] {
  return [
    aContact({ id: 1, name: 'Dr Lucie Moreau', specialtyKey: 'dentist', isMasterOfMedicine: true, openNow: true, messageUrl: 'https://t.me/dr_lucie_moreau', north: 0.01, east: 0.012 }, language),
    aContact({ id: 2, name: 'Dr Paul Girard', specialtyKey: 'general_practitioner', isMasterOfMedicine: false, openNow: false, messageUrl: 'https://wa.me/33478000002', north: -0.004, east: 0.002 }, language),
    aContact({ id: 3, name: 'Dr Anne Petit', specialtyKey: 'dentist', isMasterOfMedicine: false, openNow: false, messageUrl: null, north: 0.006, east: -0.009 }, language),
  ];
}

/** The nearest answer the fixtures' server gives for a query, filtered as the contract says. */
export function nearestAnswer(query: URLSearchParams, language: 'en' | 'fr'): MiniAppNearest {
  const all = theContacts(language);
  const specialty = query.get('specialty');
  const openNow = query.get('openNow') === 'true';
  const contacts = all.filter((contact) => (!specialty || contact.specialtyKey === specialty) && (!openNow || contact.openNow === true));
  const counts = new Map<string, number>();
  for (const contact of all) counts.set(contact.specialtyKey, (counts.get(contact.specialtyKey) ?? 0) + 1);
  return {
    contacts,
    specialtyCounts: [...counts].map(([key, count]) => ({ key, label: SPECIALTY_LABELS[language][key]!, count })),
    nextOffset: null,
    charged: false,
  };
}
