/** The Content-Security-Policy header every page of the console, and every API answer, carries. */
export const EXPECTED_CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self';img-src 'self' data:;font-src 'self';" +
  "connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
