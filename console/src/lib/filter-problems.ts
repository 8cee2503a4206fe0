import type { z } from 'zod';

/** What is wrong with a filter, by field, in the API's own words: it would refuse the filter with a 400. */
export type FilterProblems<K extends string = string> = Partial<Record<K, string>>;

/**
 * What the API would refuse in a filter read from the address bar, none when it takes it all,
 * checked with the contract's own schema so the words are the API's. The address may hold anything
 * (a hand-edited or cut link): only the fields the filter holds are named, each with its first issue.
 */
export function filterProblems<V extends object>(schema: z.ZodType, filter: V): FilterProblems<Extract<keyof V, string>> {
  const checked = schema.safeParse(filter);
  const problems: FilterProblems<Extract<keyof V, string>> = {};
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in filter) problems[field as Extract<keyof V, string>] ??= issue.message;
  }
  return problems;
}

/** Whether the filter holds something the API would refuse, so nothing is asked for. */
export function hasProblem(problems: FilterProblems): boolean {
  return Object.values(problems).some((message) => message !== undefined);
}
