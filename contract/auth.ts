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
  email: email.optional(),
  profileRole: z.enum(PROFILE_ROLES).nullable().optional(),
  industry: z.enum(INDUSTRIES).nullable().optional(),
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
});
export type UserResponse = z.infer<typeof userResponse>;
