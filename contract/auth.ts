import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './limits.js';
import { PLAN_IDS } from './plans.js';
import { singleLineText } from './text.js';

export const PROFILE_ROLES = ['real_estate_agent', 'photographer', 'interior_designer', 'homeowner', 'other'] as const;
export const INDUSTRIES = ['real_estate', 'photography', 'design', 'private', 'other'] as const;

const email = z.string().trim().toLowerCase().max(254).pipe(z.email({ message: 'Please enter a valid e-mail address.' }));
const name = singleLineText(80);

export const registerRequest = z.object({
  email,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { message: `The password needs at least ${PASSWORD_MIN_LENGTH} characters.` })
    .max(256),
  firstName: name.optional(),
  lastName: name.optional(),
  /** The language of the mails; without it the request's Accept-Language decides. */
  language: z.enum(['de', 'en']).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  email,
  password: z.string().min(1).max(256),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const updateProfileRequest = z.object({
  firstName: name.nullable().optional(),
  lastName: name.nullable().optional(),
  /**
   * A new address is not taken over at once: it needs `currentPassword`, gets a confirmation
   * link (`/confirm-email?token=`) and shows as `pendingEmail` until confirmed.
   */
  email: email.optional(),
  currentPassword: z.string().min(1).max(256).optional(),
  profileRole: z.enum(PROFILE_ROLES).nullable().optional(),
  industry: z.enum(INDUSTRIES).nullable().optional(),
  /** The language mails are written in. */
  language: z.enum(['de', 'en']).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/** The user object of spec §3 plus id, role, profileRole and industry. */
export const userResponse = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileRole: z.enum(PROFILE_ROLES).nullable(),
  industry: z.enum(INDUSTRIES).nullable(),
  role: z.enum(['user', 'admin']),
  subscriptionPlan: z.enum(PLAN_IDS),
  creditsUsed: z.number().int(),
  creditsLimit: z.number().int(),
  /** Credits left from bought credit packs (decision 061), used after the monthly allowance; absent means none. */
  packCredits: z.number().int().optional(),
  /** When the monthly credits are next renewed (ISO 8601): a month after the current credit period began. */
  creditsResetAt: z.string().nullable(),
  /** False until the address is confirmed by the mailed link; staging is refused until then. */
  emailVerified: z.boolean(),
  /** A requested new address waiting for its confirmation link, else null. */
  pendingEmail: z.string().nullable(),
  /** The language mails are written in (null: not chosen yet, the browser's is used). */
  language: z.enum(['de', 'en']).nullable(),
  /** While a requested account deletion is pending: when the account will be deleted (ISO 8601), else null. */
  deletionScheduledFor: z.string().nullable(),
});
export type UserResponse = z.infer<typeof userResponse>;

/**
 * GET /api/auth/user: `optional=1` answers a signed-out visitor 200 `null` (the web app asks so on
 * every page, and a 401 is logged as an error by browsers); without it, 401 as spec §7 says.
 */
export const userQuery = z.object({ optional: z.enum(['1']).optional() });
export const optionalUserResponse = userResponse.nullable();

/** The languages mails are written in; the web app sends its stored choice (or the browser's). */
export const MAIL_LANGUAGES = ['de', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const newPassword = registerRequest.shape.password;
/** Tokens from mailed links: opaque base64url strings. */
const mailedToken = z.string().trim().min(16).max(200).regex(/^[A-Za-z0-9_-]+$/, { message: 'This link is not valid.' });

/** POST /api/auth/verify-email: the token of the mailed `/verify-email?token=` link. */
export const verifyEmailRequest = z.object({ token: mailedToken });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;
/** The address that is now confirmed (the link may be opened while signed out or on another device). */
export const verifyEmailResponse = z.object({ email: z.string(), emailVerified: z.literal(true) });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

/** POST /api/auth/password-reset/request: always 202 with the same body, whether or not the address exists. */
export const passwordResetRequestRequest = z.object({ email });
export type PasswordResetRequestRequest = z.infer<typeof passwordResetRequestRequest>;
export const passwordResetRequestResponse = z.object({ accepted: z.literal(true) });
export type PasswordResetRequestResponse = z.infer<typeof passwordResetRequestResponse>;

/** POST /api/auth/password-reset: the token of the mailed `/reset-password?token=` link; 204, every session ends. */
export const passwordResetRequest = z.object({ token: mailedToken, password: newPassword });
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** PUT /api/auth/password: 204; wrong current password → 403 `wrong_password`; the other sessions end. */
export const changePasswordRequest = z.object({ currentPassword: z.string().min(1).max(256), newPassword });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** POST /api/auth/confirm-email: the token of the mailed `/confirm-email?token=` link (sent to the new address). */
export const confirmEmailRequest = z.object({ token: mailedToken });
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequest>;
export const confirmEmailResponse = z.object({ email: z.string(), emailVerified: z.literal(true) });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponse>;
