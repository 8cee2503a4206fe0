import type { FastifyInstance } from 'fastify';

/** A registered route as its method and URL pattern ("/api/things/:id"). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Every route of the app, read from `app.printRoutes({ commonPrefix: false })`, HEAD left out. */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length;
    while (stack.length && stack.at(-1)!.depth >= depth) stack.pop();
    const path = (stack.at(-1)?.path ?? '') + match[2]!;
    stack.push({ depth, path });
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, url: path });
    }
  }
  return routes;
}
