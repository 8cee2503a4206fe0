import { z } from 'zod';

// zod probes eval (new Function) to compile faster parsers; the Content-Security-Policy refuses
// it and reports a violation. Imported first by main.tsx, before any module parses anything.
z.config({ jitless: true });
