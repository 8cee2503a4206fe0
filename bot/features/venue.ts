import type { Composer } from 'grammy';
import { BotComposer } from '../composer.js';
import type { Sql } from '../../sql/database.js';
import { findMedicalContact } from '../../sql/medical-contacts.js';
import { escapeHtml } from '../../api/contract/message-templates.js';
import { countryName } from '../../api/contract/countries.js';
import { VENUE_CALLBACK } from '../answering/contact-buttons.js';
import { recordOutcome, type BotContext } from '../context.js';
import { reachTexts } from '../locales/reach.js';
import { sendHtml } from '../replies/replies.js';

/**
 * 📍 under a contact of an answer: its place as a venue, which Telegram shows on a map the user can
 * open in their maps app. It costs no daily request.
 */
export function venueFeature(deps: { sql: Sql }): Composer<BotContext> {
  const composer = new BotComposer();
  composer.callbackQuery(VENUE_CALLBACK, async (ctx) => {
    // A press the bot reaches late (after a restart) can no longer be acknowledged; it is still answered.
    await ctx.answerCallbackQuery().catch(() => undefined);
    const contactId = Number(ctx.match[1]);
    const metadata = { ...ctx.request.log.metadata, contactId };
    const contact = await findMedicalContact(deps.sql, contactId);
    if (!contact || !contact.isActive || contact.latitude === null || contact.longitude === null) {
      recordOutcome(ctx, 'WARN', 'A contact asked for on a map is no longer findable', { metadata });
      await sendHtml(ctx, escapeHtml(reachTexts(ctx.request.language).contactGone));
      return;
    }
    const country = contact.country && countryName(contact.country, ctx.request.language);
    const place = [contact.city, contact.region, country].filter(Boolean).join(', ') || contact.specialty;
    // Placed only by its city, the pin stands on the city's centre: the address says so.
    const address = contact.locationApproximate ? reachTexts(ctx.request.language).cityCentre(place) : place;
    await ctx.replyWithVenue(contact.latitude, contact.longitude, contact.name, address);
    ctx.request.replied = true;
    recordOutcome(ctx, 'INFO', 'Sent a contact as a venue', { metadata });
  });
  return composer;
}
