/** Every table, for drizzle-kit and the typed client. Each feature owns its file under schema/. */
export * from './schema/users.js';
export * from './schema/sessions.js';
export * from './schema/account-tokens.js';
export * from './schema/rate-limits.js';
export * from './schema/projects.js';
export * from './schema/billing.js';
export * from './schema/analytics.js';
export * from './schema/sales.js';
export * from './schema/share-links.js';
export * from './schema/provider-budgets.js';
export * from './schema/public-api.js';
export * from './schema/workspaces.js';
export * from './schema/branding.js';
export * from './schema/economics.js';
