import type { AuditLogEntry } from '@contract/audit-log.js';
import { auditValue } from '@contract/audit-sentences.js';
import { formatDateTime } from '../../lib/format.js';

type JsonValue = AuditLogEntry['before'];
type JsonObject = { [key: string]: JsonValue };

/** One row of the before/after table: a top-level field, or the whole value when a side is not an object. */
export interface FieldChange {
  /** The field's name; null for a value that is not an object's. */
  field: string | null;
  /** Undefined when the field is absent on that side. */
  before: JsonValue | undefined;
  after: JsonValue | undefined;
  changed: boolean;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Both sides come from jsonb, which stores an object's keys in one order, so equal values print alike.
const same = (a: JsonValue | undefined, b: JsonValue | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A small diff of a change's top-level fields, in the order they appear (before's first): what a
 * create added, an update changed or a delete removed. Null when the change recorded neither side.
 */
export function topLevelChanges(before: JsonValue, after: JsonValue): FieldChange[] | null {
  if (before === null && after === null) return null;
  const beforeFields = before === null ? {} : before;
  const afterFields = after === null ? {} : after;
  if (!isObject(beforeFields) || !isObject(afterFields)) {
    const [was, is] = [before ?? undefined, after ?? undefined];
    return [{ field: null, before: was, after: is, changed: !same(was, is) }];
  }
  const fields = [...new Set([...Object.keys(beforeFields), ...Object.keys(afterFields)])];
  return fields.map((field) => {
    const was = beforeFields[field];
    const is = afterFields[field];
    return { field, before: was, after: is, changed: !same(was, is) };
  });
}

/** A value as the table shows it: in words (api/contract/audit-sentences.ts), dates as the console writes them; an absent one as "—". */
export function shownValue(field: string | null, value: JsonValue | undefined): string {
  return value === undefined ? '—' : auditValue(field, value, formatDateTime);
}
