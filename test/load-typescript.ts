/*
 * Test files run on Node's own TypeScript type stripping, with no compiler between the sources and V8:
 * a test process starts in half the time tsx takes, and coverage maps straight onto the sources, whose
 * positions stripping keeps. The sources import each other by their build names (`./clock.js`, as
 * tsconfig.json's NodeNext resolution wants): this hook finds the `.ts` file behind such an import.
 * Type-checking is `npm run typecheck`'s; tsconfig.json's `erasableSyntaxOnly` keeps the sources strippable.
 */
import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';

interface ResolveContext {
  parentURL?: string;
}
type NextResolve = (specifier: string, context: ResolveContext) => unknown;
// Node 24's in-thread hooks; @types/node follows Node 20, the oldest the product still runs on.
const { registerHooks } = nodeModule as unknown as {
  registerHooks(hooks: { resolve(specifier: string, context: ResolveContext, nextResolve: NextResolve): unknown }): void;
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    // Relative imports, and the file: URLs tap's mocks import (with a query that names the mock).
    if (context.parentURL && /^(\.{1,2}\/|file:)/.test(specifier)) {
      const target = new URL(specifier, context.parentURL);
      if (target.pathname.endsWith('.js') && !target.pathname.includes('/node_modules/') && !existsSync(fileURLToPath(new URL(target.pathname, 'file:')))) {
        target.pathname = `${target.pathname.slice(0, -'.js'.length)}.ts`;
        return nextResolve(target.href, context);
      }
    }
    return nextResolve(specifier, context);
  },
});
