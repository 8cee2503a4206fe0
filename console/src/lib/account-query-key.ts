/**
 * The signed-in user's own account (GET /api/account), which the Settings screen and the two-factor
 * banner read; other screens invalidate it when they change something it reports.
 */
export const ACCOUNT_QUERY_KEY = ['/api/account'] as const;
