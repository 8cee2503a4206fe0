import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { CONFIRMATION_LINK_DAYS, CONFIRMATION_START_PREFIX, PROPOSAL_FIELD_LABELS, type ProposedCorrection } from './contract/self-confirmation.js';
import { PROPOSAL_RULES, type AcceptedField } from './contract/accepted-corrections.js';
import type { UpdateContact } from './contract/medical-contacts.js';
import { badRequest } from './errors.js';
import { changedContactColumns } from './contact-writes.js';
import type { Sql } from '../sql/database.js';
import type { ContactColumns, MedicalContactRecord } from '../sql/medical-contacts.js';
import type { StoredProposedCorrection } from '../sql/contact-self-confirmation.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** 192 random bits: past guessing, and 32 characters, well within Telegram's 64 for a start parameter. */
const TOKEN_BYTES = 24;

/** A fresh link's token, the deep link that carries it and its QR code (made as two-factor enrolment makes its own), and when it expires. */
export async function newConfirmationLink(botUsername: string, at: Date): Promise<{ token: string; url: string; qrCodeDataUrl: string; expiresAt: Date }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const url = `https://t.me/${encodeURIComponent(botUsername)}?start=${CONFIRMATION_START_PREFIX}${token}`;
  return { token, url, qrCodeDataUrl: await QRCode.toDataURL(url), expiresAt: new Date(at.getTime() + CONFIRMATION_LINK_DAYS * DAY_MS) };
}

export function toProposedCorrection(stored: StoredProposedCorrection): ProposedCorrection {
  return { ...stored, proposedAt: stored.proposedAt.toISOString() };
}

/**
 * What accepting these fields of a proposal writes to the contact, checked as an edit of the contact
 * form is (the phone read in the contact's country, the specialty against the taxonomy, the place's
 * centre for a new city), and whether it closes the contact. A field the contact did not propose is
 * refused.
 */
export async function acceptedCorrections(
  sql: Sql,
  proposal: StoredProposedCorrection,
  contact: MedicalContactRecord,
  fields: AcceptedField[],
  at: Date,
): Promise<{ corrections: Partial<ContactColumns>; closed: boolean }> {
  const proposed = new Set(proposal.fields.map((field) => field.field));
  const edit: Omit<UpdateContact, 'expectedUpdatedAt' | 'verificationMethod'> = {};
  let closed = false;
  fields.forEach((accepted, index) => {
    if (!proposed.has(accepted.field)) throw badRequest(PROPOSAL_RULES.notProposed(PROPOSAL_FIELD_LABELS[accepted.field].toLowerCase()), `fields.${index}.field`);
    switch (accepted.field) {
      case 'phone':
        edit.phone = accepted.value;
        break;
      case 'address':
        Object.assign(edit, accepted.value);
        break;
      case 'hours':
        edit.availableHours = accepted.value;
        break;
      case 'specialty':
        edit.specialty = accepted.value;
        break;
      case 'languages':
        edit.languages = accepted.value;
        break;
      case 'closed':
        closed = true;
        break;
    }
  });
  const corrections = Object.keys(edit).length === 0 ? {} : await changedContactColumns(sql, contact, edit, at);
  return { corrections, closed };
}
