import type { FinishedBroadcast } from '../../sql/broadcasts.js';
import type { DemoUser } from './bot-users.js';
import type { Random } from './random.js';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** The demo's default rate: 30 messages a second. */
const SECONDS_PER_MESSAGE = 1 / 30;
const BLOCKED = 'Forbidden: bot was blocked by the user';

interface Plan {
  title: string;
  content: string;
  /** Texts besides the content (English, the demo's default language). */
  translations?: Record<string, string>;
  daysAgo: number;
  target: 'all' | 'template' | { selected: number };
  /** Cancelled by an admin after this share of the recipients. */
  cancelledAfter?: number;
  /** A network fault fails this share of otherwise reachable recipients after their retries. */
  faultRate?: number;
}

const PLANS: Plan[] = [
  {
    title: 'Welcome to MedContacts',
    content: 'Hello {first_name}! 👋 Send me your location and I will find the nearest medical contacts for you.',
    daysAgo: 27,
    target: 'all',
  },
  {
    title: 'Holiday opening hours',
    content: '📢 Hello {first_name}! There is news from the MedContacts team.',
    daysAgo: 16,
    target: 'template',
  },
  {
    title: 'New cardiologists in your area',
    content: '<b>{first_name}</b>, we added 12 verified cardiologists this week. Send your location to see who is nearest.',
    daysAgo: 9,
    target: 'all',
    faultRate: 0.03,
  },
  {
    title: 'Flu vaccination week',
    content: '💉 {first_name}, flu vaccination week starts on Monday. Send your location to find the nearest clinic that offers it.',
    // Portuguese has no text of its own: its speakers get the English content.
    translations: {
      uk: '💉 {first_name}, з понеділка починається тиждень щеплень від грипу. Надішліть свою геолокацію, щоб знайти найближчу клініку, де їх роблять.',
      pl: '💉 {first_name}, w poniedziałek rusza tydzień szczepień przeciw grypie. Wyślij swoją lokalizację, a znajdę najbliższą placówkę, która je wykonuje.',
      de: '💉 {first_name}, am Montag beginnt die Grippeimpfwoche. Senden Sie Ihren Standort, um die nächste Praxis zu finden, die impft.',
      fr: '💉 {first_name}, la semaine de vaccination contre la grippe commence lundi. Envoyez votre position pour trouver le cabinet le plus proche qui la propose.',
      es: '💉 {first_name}, la semana de vacunación contra la gripe empieza el lunes. Envía tu ubicación para encontrar la clínica más cercana que la ofrece.',
      it: '💉 {first_name}, lunedì inizia la settimana della vaccinazione antinfluenzale. Invia la tua posizione per trovare l’ambulatorio più vicino che la offre.',
    },
    daysAgo: 6,
    target: 'all',
  },
  {
    title: 'Feedback survey for frequent users',
    content: 'Hi {first_name}, you used the bot a lot this month. Would you answer three short questions? Reply /help to reach us.',
    daysAgo: 4,
    target: { selected: 24 },
  },
  {
    title: 'Service notice: maintenance tonight',
    content: 'The bot will be down for maintenance tonight from 02:00 to 02:30 UTC. Thank you for your patience, {first_name}.',
    daysAgo: 1,
    target: 'all',
    cancelledAfter: 0.4,
  },
];

/**
 * Past broadcasts of the demo month, each to the users who existed when it was sent: users who
 * had blocked the bot by then fail with Telegram's 403, one had a brief network fault, one was
 * cancelled part way.
 */
export function buildDemoBroadcasts(random: Random, users: DemoUser[], now: Date): FinishedBroadcast[] {
  return PLANS.map((plan) => {
    const createdAt = new Date(now.getTime() - plan.daysAgo * DAY_MS + random.int(0, 6 * 60) * MINUTE_MS);
    const known = users.filter((user) => user.createdAt <= createdAt);
    const audience = typeof plan.target === 'object' ? random.shuffle(known).slice(0, plan.target.selected) : known;
    const cancelAt = plan.cancelledAfter === undefined ? audience.length : Math.floor(audience.length * plan.cancelledAfter);
    let clock = createdAt.getTime() + 2000;
    const recipients = audience.map((user, index) => {
      clock += SECONDS_PER_MESSAGE * 1000;
      if (index >= cancelAt) return { telegramId: user.telegramId, status: 'failed' as const, attempts: 0, error: 'cancelled', unreachable: false, sentAt: null };
      if (user.blockedBotAt !== null && user.blockedBotAt <= createdAt) {
        return { telegramId: user.telegramId, status: 'failed' as const, attempts: 1, error: BLOCKED, unreachable: true, sentAt: null };
      }
      if (plan.faultRate !== undefined && random.chance(plan.faultRate)) {
        return { telegramId: user.telegramId, status: 'failed' as const, attempts: 3, error: 'Network error: socket hang up', unreachable: false, sentAt: null };
      }
      return { telegramId: user.telegramId, status: 'delivered' as const, attempts: 1, error: null, unreachable: false, sentAt: new Date(Math.round(clock)) };
    });
    return {
      title: plan.title,
      content: plan.content,
      ...(plan.translations && { translations: plan.translations }),
      targetType: typeof plan.target === 'object' ? 'selected' : plan.target,
      status: plan.cancelledAfter === undefined ? 'sent' : 'cancelled',
      createdAt,
      startedAt: new Date(createdAt.getTime() + 1000),
      finishedAt: new Date(Math.round(clock) + 500),
      recipients,
    };
  });
}
