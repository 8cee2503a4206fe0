import type OpeningHours from 'opening_hours';
import { openingState, type OpeningState } from '../../api/contract/opening-hours.js';

const MINUTE_MS = 60_000;

interface KeptState {
  /** Epoch minutes the state was computed for. */
  minute: number;
  state: OpeningState;
}

/**
 * Per parsed hours (the directory shares one per distinct text), per zone: the state of the latest
 * minute asked about. Hours are minutes of a schedule, so within one minute the state and its next
 * change stay the same; evaluating them (opening_hours, Intl) is the dearest part of an answer's
 * cards and of the open-now filter, which ask about the same few schedules many times a minute.
 */
const kept = new WeakMap<OpeningHours, Map<string, KeptState>>();

/** openingState, computed once per hours, zone and minute. The state returned is shared: read it, do not change it. */
export function openingStateKept(hours: OpeningHours | null, timeZone: string, at: Date): OpeningState {
  if (!hours) return openingState(hours, timeZone, at);
  const minute = Math.floor(at.getTime() / MINUTE_MS);
  let zones = kept.get(hours);
  if (!zones) {
    zones = new Map();
    kept.set(hours, zones);
  }
  const known = zones.get(timeZone);
  if (known?.minute === minute) return known.state;
  const state = openingState(hours, timeZone, at);
  zones.set(timeZone, { minute, state });
  return state;
}
