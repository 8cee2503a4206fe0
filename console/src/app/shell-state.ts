import { atom } from 'jotai';

/** Sidebar groups that are open; Messaging and Analytics start expanded (spec §2.2). */
export const expandedGroupsAtom = atom<ReadonlySet<string>>(new Set(['Messaging', 'Analytics']));
