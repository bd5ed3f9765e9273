import { publishMarketResponse } from '@contract/disclosure-packs';
import { z } from 'zod';
import { accountDeletionResponse } from '@contract/account';
import { adminAnalyticsResponse, adminDashboardResponse, adminSystemResponse, adminUsersResponse } from '@contract/admin';
import { confirmEmailResponse, optionalUserResponse, passwordResetRequestResponse, userResponse, verifyEmailResponse } from '@contract/auth';
import {
  billingStateResponse,
  changePlanResponse,
  changePreviewResponse,
  completeSubscriptionResponse,
  downgradeResponse,
  portalResponse,
  resumeResponse,
  subscriptionSetupResponse,
} from '@contract/billing';
import { creditPackCheckoutResponse, creditPacksResponse } from '@contract/credit-packs';
import { errorBody } from '@contract/errors';
import { projectPageResponse } from '@contract/project-pages';
import {
  createProjectResponse,
  deleteProjectResponse,
  processImageFailed,
  processImageSucceeded,
  projectDetailResponse,
  projectListResponse,
  uploadResponse,
} from '@contract/projects';
import { apiKeySummary, apiSettingsResponse, createApiKeyResponse, webhookSettingsResponse } from '@contract/public-api';
import { publicConfigResponse } from '@contract/public-config';
import { adminSalesInquiriesResponse, salesInquiryResponse } from '@contract/sales';
import { shareLinkResponse, shareLinkState, sharedListingResponse } from '@contract/sharing';
import { activeRunsResponse, processImageAcceptedResponse } from '@contract/staging-runs';
import { brandingResponse } from '@contract/branding';
import { teamResponse, workspaceListResponse } from '@contract/workspaces';

/**
 * What the server answers on each `/api/` operation the web tests mock: the success statuses with
 * the `contract/` schema the route serialises with (server/src/<feature>/routes.ts), `null` for an
 * empty body (204). Errors are `{message, code}` (`errorBody`) unless the operation says otherwise.
 * `raw` operations answer a file or a stream, not JSON.
 */
interface Operation {
  method: string;
  path: string;
  ok: Record<number, z.ZodType | null>;
  /** The error body, where it is not `errorBody`. */
  error?: z.ZodType;
  raw?: true;
}

const OPERATIONS: Operation[] = [
  { method: 'GET', path: '/api/workspaces', ok: { 200: workspaceListResponse } },
  { method: 'GET', path: '/api/workspace/team', ok: { 200: teamResponse } },
  { method: 'GET', path: '/api/workspaces/:id/branding', ok: { 200: brandingResponse } },
  { method: 'PUT', path: '/api/workspaces/:id/branding', ok: { 200: brandingResponse } },
  { method: 'DELETE', path: '/api/workspaces/:id/branding/logo', ok: { 200: brandingResponse } },
  { method: 'GET', path: '/api/config', ok: { 200: publicConfigResponse } },
  { method: 'GET', path: '/api/auth/user', ok: { 200: optionalUserResponse } },
  { method: 'PUT', path: '/api/auth/profile', ok: { 200: userResponse } },
  { method: 'POST', path: '/api/auth/verify-email', ok: { 200: verifyEmailResponse } },
  { method: 'POST', path: '/api/auth/verify-email/resend', ok: { 204: null } },
  { method: 'POST', path: '/api/auth/confirm-email', ok: { 200: confirmEmailResponse } },
  { method: 'POST', path: '/api/auth/password-reset/request', ok: { 202: passwordResetRequestResponse } },
  { method: 'POST', path: '/api/auth/password-reset', ok: { 204: null } },
  { method: 'PUT', path: '/api/auth/password', ok: { 204: null } },
  { method: 'GET', path: '/api/account/deletion', ok: { 200: accountDeletionResponse } },
  { method: 'POST', path: '/api/account/deletion', ok: { 200: accountDeletionResponse } },
  { method: 'DELETE', path: '/api/account/deletion', ok: { 200: accountDeletionResponse } },
  { method: 'POST', path: '/api/projects', ok: { 201: createProjectResponse } },
  { method: 'GET', path: '/api/projects', ok: { 200: z.union([projectListResponse, projectPageResponse]) } },
  { method: 'GET', path: '/api/projects/:id', ok: { 200: projectDetailResponse } },
  { method: 'DELETE', path: '/api/projects/:id', ok: { 200: deleteProjectResponse } },
  { method: 'POST', path: '/api/projects/:id/share', ok: { 200: shareLinkResponse } },
  { method: 'GET', path: '/api/projects/:id/share', ok: { 200: shareLinkState } },
  { method: 'DELETE', path: '/api/projects/:id/share', ok: { 204: null } },
  { method: 'PUT', path: '/api/projects/:id/publish-market', ok: { 200: publishMarketResponse } },
  { method: 'GET', path: '/api/projects/:id/download.zip', ok: { 200: null }, raw: true },
  { method: 'GET', path: '/api/share/:token', ok: { 200: sharedListingResponse } },
  { method: 'POST', path: '/api/objects/upload', ok: { 200: uploadResponse } },
  { method: 'GET', path: '/api/objects/download', ok: { 200: null }, raw: true },
  // 200 when the run finished in the request, 202 with `Prefer: respond-async`; a failure is
  // `{success: false, error, code}` with its 4xx/5xx status (staging/routes.ts), never a 200.
  // Refused before the route (signed out, unverified, bad body): the usual `{message, code}`.
  { method: 'POST', path: '/api/process-image', ok: { 200: processImageSucceeded, 202: processImageAcceptedResponse }, error: z.union([processImageFailed, errorBody]) },
  { method: 'GET', path: '/api/staging-runs', ok: { 200: activeRunsResponse } },
  { method: 'GET', path: '/api/staging-runs/:id/events', ok: { 200: null }, raw: true },
  { method: 'GET', path: '/api/billing/subscription', ok: { 200: billingStateResponse } },
  { method: 'POST', path: '/api/create-setup-intent', ok: { 200: subscriptionSetupResponse } },
  { method: 'POST', path: '/api/get-or-create-subscription', ok: { 200: subscriptionSetupResponse } },
  { method: 'POST', path: '/api/complete-subscription', ok: { 200: completeSubscriptionResponse } },
  { method: 'POST', path: '/api/downgrade-to-free', ok: { 200: downgradeResponse } },
  { method: 'POST', path: '/api/billing/resume', ok: { 200: resumeResponse } },
  { method: 'POST', path: '/api/billing/portal', ok: { 200: portalResponse } },
  { method: 'GET', path: '/api/billing/change-preview', ok: { 200: changePreviewResponse } },
  { method: 'POST', path: '/api/billing/change-plan', ok: { 200: changePlanResponse } },
  { method: 'GET', path: '/api/billing/credit-packs', ok: { 200: creditPacksResponse } },
  { method: 'POST', path: '/api/billing/credit-packs/checkout', ok: { 200: creditPackCheckoutResponse } },
  { method: 'GET', path: '/api/settings/api', ok: { 200: apiSettingsResponse } },
  { method: 'POST', path: '/api/settings/api/keys', ok: { 201: createApiKeyResponse } },
  { method: 'POST', path: '/api/settings/api/keys/:id/revoke', ok: { 200: apiKeySummary } },
  { method: 'GET', path: '/api/settings/api/webhooks', ok: { 200: webhookSettingsResponse } },
  { method: 'POST', path: '/api/sales-inquiries', ok: { 201: salesInquiryResponse } },
  { method: 'POST', path: '/api/analytics/events', ok: { 204: null } },
  { method: 'GET', path: '/api/admin/dashboard', ok: { 200: adminDashboardResponse } },
  { method: 'GET', path: '/api/admin/analytics', ok: { 200: adminAnalyticsResponse } },
  { method: 'GET', path: '/api/admin/users', ok: { 200: adminUsersResponse } },
  { method: 'GET', path: '/api/admin/system', ok: { 200: adminSystemResponse } },
  { method: 'GET', path: '/api/admin/sales-inquiries', ok: { 200: adminSalesInquiriesResponse } },
];

const GATEWAY_STATUSES = new Set([502, 503, 504]);

const patternOf = (path: string) => new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/:[a-z]+/gi, '[^/]+')}$`);
const ROUTES = OPERATIONS.map((operation) => ({ operation, pattern: patternOf(operation.path) }));

/**
 * Why `response` is not an answer the server gives to `method url`, or null when it is. Only
 * `/api/` replies are checked (an upload PUT goes to storage, which is not ours to describe).
 */
export async function contractViolation(method: string, url: string, response: Response): Promise<string | null> {
  const path = new URL(url, 'http://app.local').pathname;
  // 599 is mockFetch's own "no mock for this request", not a reply the test claims the server gives.
  if (!path.startsWith('/api/') || response.status === 599) return null;
  const what = `mocked ${method} ${path} → ${response.status}`;
  const route = ROUTES.find((r) => r.operation.method === method && r.pattern.test(path));
  // Any path the server does not know answers 404 `{message, code}`.
  if (!route && response.status === 404 && errorBody.safeParse(await response.clone().json().catch(() => null)).success) return null;
  if (!route) return `${what}: no such operation in web/src/test/contract-routes.ts (add it with the server's schema)`;
  const { operation } = route;
  let schema: z.ZodType | null;
  if (response.status >= 400) schema = operation.error ?? errorBody;
  else if (response.status in operation.ok) schema = operation.ok[response.status]!;
  else return `${what}: the server answers this operation with ${Object.keys(operation.ok).join(' or ')}, or an error status`;
  if (operation.raw && response.status < 400) return null;
  const text = await response.clone().text();
  // A gateway in front of the server (reverse proxy, load balancer) answers these with its own page.
  if (GATEWAY_STATUSES.has(response.status) && !(response.headers.get('content-type') ?? '').includes('json')) return null;
  if (schema === null) return text === '' ? null : `${what}: the server sends no body here, the mock sent ${JSON.stringify(text.slice(0, 80))}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${what}: the server answers JSON here, the mock sent ${JSON.stringify(text.slice(0, 80))}`;
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? null : `${what} does not match the contract:\n${z.prettifyError(parsed.error)}`;
}

/** Violations found since the last test ended; web/src/test/setup.ts fails the test that made them. */
export const contractViolations: string[] = [];

/** Wraps a fetch stand-in so that every reply it gives is checked against the contract. */
export function contractCheckedFetch(fetchImpl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await fetchImpl(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const violation = await contractViolation(method, url, response);
    if (violation) contractViolations.push(violation);
    return response;
  };
}
