import { z } from 'zod';
import { renovationChoice } from './renovation.js';
import { ERROR_CODES } from './errors.js';
import { CUSTOM_STYLE_MAX, INSTRUCTIONS_MAX, PROJECT_TITLE_MAX } from './limits.js';
import { MAX_VARIATIONS, ROOM_TYPES, roomGroupId } from './listing.js';
import { PLAN_IDS } from './plans.js';
import { RUN_STAGES } from './staging-runs.js';
import { STYLE_IDS } from './styles.js';
import { singleLineText, multiLineText, opaqueToken } from './text.js';

/**
 * The public API (issue #25, decisions 043/044): keys and webhook endpoints managed in
 * Settings → API (session), and `/api/v1` for callers with `Authorization: Bearer <key>`.
 * The OpenAPI document at /api/v1/openapi.json is generated from these schemas.
 */

export const API_SCOPES = ['stage', 'read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const API_KEY_NAME_MAX = 60;
/** Keys a workspace (today: a user) may hold at once, revoked ones not counted. */
export const MAX_ACTIVE_API_KEYS = 10;
export const MAX_WEBHOOK_ENDPOINTS = 5;

// ─── Settings → API (session) ─────────────────────────────────────────────────────────────────

export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's visible start, e.g. `rw_live_Ab12Cd34`. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Who created the key (decision 050): their name (or address) and whether they are still a member; null once their account is gone. */
  createdBy: z.object({ name: z.string(), member: z.boolean() }).nullable(),
  /** `member_removed`: revoked with its creator's membership; `revoked`: by hand. */
  revokedReason: z.enum(['revoked', 'member_removed']).nullable(),
  /** Who kept the key when its creator was removed, or null. */
  keptBy: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

/** What the API allows per key and account (the Business plan's; shown to every plan). */
export const apiLimits = z.object({
  requestsPerMinute: z.number().int(),
  concurrentRenders: z.number().int(),
});
export type ApiLimits = z.infer<typeof apiLimits>;

export const apiSettingsResponse = z.object({
  /** False below Business: the page shows what the plan would give. */
  available: z.boolean(),
  /** The caller may create and revoke keys and endpoints here (owner or admin of the workspace). */
  canManage: z.boolean(),
  limits: apiLimits,
  /** The acting workspace's keys (keys belong to a workspace, not to who created them). */
  keys: z.array(apiKeySummary),
});
export type ApiSettingsResponse = z.infer<typeof apiSettingsResponse>;

export const createApiKeyRequest = z.object({
  name: singleLineText(API_KEY_NAME_MAX).min(1, { message: 'Please name the key.' }),
  scopes: z.array(z.enum(API_SCOPES)).min(1, { message: 'Choose at least one scope.' }),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;

/** `key` and `signingSecret` are shown this once and never again. */
export const createApiKeyResponse = z.object({
  apiKey: apiKeySummary,
  key: z.string(),
  signingSecret: z.string(),
});
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponse>;

export const webhookEndpointSummary = z.object({
  id: z.string(),
  url: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpointSummary = z.infer<typeof webhookEndpointSummary>;

export const WEBHOOK_EVENTS = ['render.completed', 'render.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const webhookDeliverySummary = z.object({
  id: z.string(),
  url: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  renderId: z.string(),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  state: z.enum(['pending', 'delivered', 'failed']),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliverySummary = z.infer<typeof webhookDeliverySummary>;

export const webhookSettingsResponse = z.object({
  endpoints: z.array(webhookEndpointSummary),
  deliveries: z.array(webhookDeliverySummary),
});
export type WebhookSettingsResponse = z.infer<typeof webhookSettingsResponse>;

/** A URL a caller gives us: no control characters (they would reach PostgreSQL and headers), at most 2048 characters. */
const callerUrl = (message = 'Please enter a valid https URL.') => singleLineText(2048).url({ message });

export const createWebhookEndpointRequest = z.object({
  url: callerUrl(),
});
export const createWebhookEndpointResponse = z.object({
  endpoint: webhookEndpointSummary,
  /** `whsec_…`, shown this once. */
  secret: z.string(),
});
export type CreateWebhookEndpointResponse = z.infer<typeof createWebhookEndpointResponse>;

// ─── /api/v1 (Bearer key) ─────────────────────────────────────────────────────────────────────

export const apiErrorResponse = z
  .object({
    message: z.string(),
    code: z.enum([...ERROR_CODES]),
  })
  .meta({ id: 'Error', description: 'Every error: a sentence and a stable code.' });

export const apiPhoto = z
  .object({
    id: z.string().uuid(),
    width: z.number().int(),
    height: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Photo' });
export type ApiPhoto = z.infer<typeof apiPhoto>;

export const photoFromUrlRequest = z.object({
  /** An `https` URL on the public internet; PNG, JPEG or WebP, at most 10 MB. */
  url: callerUrl(),
});

export const RENDER_TYPES = ['staging', 'removal', 'renovation'] as const;
export const RENDER_STATUSES = ['queued', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

export const createRenderRequest = z
  .object({
    photoId: z.string().uuid(),
    /** `staging` furnishes the room; `removal` empties it; `renovation` re-does the surfaces in `renovation` (decision 062). */
    type: z.enum(RENDER_TYPES).default('staging'),
    /** With `type: renovation`: which surfaces change and to what (walls/ceiling `#RRGGBB`, a floor material). */
    renovation: renovationChoice.optional(),
    /** A style id; `custom` takes `customStyle`. */
    style: z.enum(STYLE_IDS).default('modern'),
    customStyle: multiLineText(CUSTOM_STYLE_MAX).optional(),
    /** Free instructions for the furniture, e.g. "a reading chair by the window". */
    instructions: multiLineText(INSTRUCTIONS_MAX).optional(),
    roomType: z.enum(ROOM_TYPES).optional(),
    /** Renders of one `listing` with the same room group show the same room and get the same furniture. */
    roomGroup: roomGroupId.optional(),
    /** Your name for the listing the photo belongs to (its renders share one project in the web app). */
    listing: singleLineText(PROJECT_TITLE_MAX).min(1).optional(),
    /** Locked variations to make (one credit each). */
    variations: z.number().int().min(1).max(MAX_VARIATIONS).default(1),
    /** `https` URL that receives `render.completed` / `render.failed`, signed with the key's signing secret. */
    callbackUrl: callerUrl().optional(),
  })
  .meta({ id: 'CreateRenderRequest' });
export type CreateRenderRequest = z.infer<typeof createRenderRequest>;

export const renderLockFigures = z.object({
  alignmentErrorPx: z.number().nullable(),
  changedShare: z.number().nullable(),
  architectureScore: z.number().nullable(),
  structureSupport: z.number().int().nullable(),
  seam: z.number().nullable(),
});

export const renderResult = z.object({
  position: z.number().int(),
  /** Download with the same `Authorization` header. */
  downloadUrl: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The geometry lock's figures for this image. */
  lock: renderLockFigures,
});

export const apiRender = z
  .object({
    id: z.string().uuid(),
    photoId: z.string().uuid(),
    status: z.enum(RENDER_STATUSES),
    /** The pipeline step while processing. */
    stage: z.enum(RUN_STAGES).nullable(),
    type: z.enum(RENDER_TYPES),
    listing: z.string().nullable(),
    credits: z.number().int(),
    callbackUrl: z.string().nullable(),
    results: z.array(renderResult),
    /** Why a failed render was refused (its credits were refunded). */
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Render' });
export type ApiRender = z.infer<typeof apiRender>;

export const renderIdParams = z.object({ id: z.string().uuid() });
export const renderResultParams = z.object({ id: z.string().uuid(), position: z.coerce.number().int().min(1).max(MAX_VARIATIONS) });

export const listRendersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: opaqueToken(200).optional(),
});
export const renderListResponse = z
  .object({
    data: z.array(apiRender),
    /** Pass as `cursor` for the next page; null on the last. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'RenderList' });

export const apiAccountResponse = z
  .object({
    plan: z.enum(PLAN_IDS),
    credits: z.object({
      used: z.number().int(),
      limit: z.number().int(),
      /** What renders can still draw on: the month's allowance left plus `packs`. */
      remaining: z.number().int(),
      /** Credits left from bought credit packs (decision 061), used after the allowance, never reset. */
      packs: z.number().int(),
    }),
    concurrency: z.object({ limit: z.number().int(), running: z.number().int() }),
    rateLimit: z.object({ requestsPerMinute: z.number().int() }),
  })
  .meta({ id: 'Account' });
export type ApiAccountResponse = z.infer<typeof apiAccountResponse>;

/** The body of a webhook delivery (`render.completed` / `render.failed`). */
export const webhookPayload = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  timestamp: z.string(),
  data: apiRender,
});
export type WebhookPayload = z.infer<typeof webhookPayload>;
