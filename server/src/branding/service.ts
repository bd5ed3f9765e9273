import { eq } from 'drizzle-orm';
import type { BrandIdentity, BrandingResponse, updateBrandingRequest } from '../../../contract/branding.js';
import { PLANS, type PlanId } from '../../../contract/plans.js';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import { workspaceBranding } from '../db/schema/branding.js';
import { projects } from '../db/schema/projects.js';
import { users } from '../db/schema/users.js';
import { workspaces } from '../db/schema/workspaces.js';
import { AppError } from '../errors/app-error.js';
import { brandingLogoKey, isBrandingKey } from '../objects/object-keys.js';
import type { ObjectStorage } from '../objects/storage.js';
import { hasPermission, requirePermission, type WorkspaceAccess } from '../workspaces/access.js';
import type { RenderedLogo } from './logo.js';

export type BrandingRow = typeof workspaceBranding.$inferSelect;

/** Decision 045: branding is a plan feature (contract/plans.ts `branding`, Business). */
export function brandingAvailable(plan: PlanId): boolean {
  return (PLANS[plan] ?? PLANS.free).branding;
}

export function assertBrandingEditable(access: WorkspaceAccess): void {
  if (!brandingAvailable(access.plan)) {
    throw AppError.forbidden('Branding (logo, name, contact line and accent colour) is part of the Business plan. Upgrade this workspace to set it.', 'plan_required');
  }
  requirePermission(access, 'branding.manage');
}

async function rowOf(db: Database, workspaceId: string): Promise<BrandingRow | null> {
  const [row] = await db.select().from(workspaceBranding).where(eq(workspaceBranding.workspaceId, workspaceId));
  return row ?? null;
}

/** The logo's version in its URL (the key's file name), so a new logo is never served from a cache. */
const logoVersion = (key: string) => key.slice(key.lastIndexOf('/') + 1, -'.png'.length);

export function identityOf(row: BrandingRow | null, logoUrl: (version: string) => string): BrandIdentity {
  return {
    displayName: row?.displayName ?? null,
    contactName: row?.contactName ?? null,
    phone: row?.phone ?? null,
    email: row?.email ?? null,
    website: row?.website ?? null,
    accentColor: row?.accentColor ?? null,
    logoUrl: row?.logoKey ? logoUrl(logoVersion(row.logoKey)) : null,
    logoWidth: row?.logoKey ? row.logoWidth : null,
    logoHeight: row?.logoKey ? row.logoHeight : null,
  };
}

const settingsLogoUrl = (workspaceId: string) => (version: string) => `/api/workspaces/${workspaceId}/branding/logo?v=${version}`;

export async function readBranding(db: Database, access: WorkspaceAccess): Promise<BrandingResponse> {
  const available = brandingAvailable(access.plan);
  return {
    available,
    canEdit: available && hasPermission(access.role, 'branding.manage'),
    branding: identityOf(await rowOf(db, access.workspaceId), settingsLogoUrl(access.workspaceId)),
  };
}

export async function updateBranding(db: Database, access: WorkspaceAccess, input: z.output<typeof updateBrandingRequest>): Promise<BrandingResponse> {
  assertBrandingEditable(access);
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(workspaceBranding)
    .values({ workspaceId: access.workspaceId, ...values })
    .onConflictDoUpdate({ target: workspaceBranding.workspaceId, set: values });
  return readBranding(db, access);
}

/** Stores the rendered logo under the workspace, then points the row at it and deletes the one before. */
export async function replaceLogo(db: Database, storage: ObjectStorage, access: WorkspaceAccess, logo: RenderedLogo): Promise<BrandingResponse> {
  assertBrandingEditable(access);
  const key = brandingLogoKey(access.workspaceId);
  await storage.put(key, logo.png, 'image/png');
  const before = await rowOf(db, access.workspaceId);
  const values = { logoKey: key, logoWidth: logo.width, logoHeight: logo.height, updatedAt: new Date() };
  await db
    .insert(workspaceBranding)
    .values({ workspaceId: access.workspaceId, ...values })
    .onConflictDoUpdate({ target: workspaceBranding.workspaceId, set: values });
  if (before?.logoKey && isBrandingKey(before.logoKey)) await storage.delete([before.logoKey]);
  return readBranding(db, access);
}

export async function removeLogo(db: Database, storage: ObjectStorage, access: WorkspaceAccess): Promise<BrandingResponse> {
  assertBrandingEditable(access);
  const before = await rowOf(db, access.workspaceId);
  if (before?.logoKey) {
    await db.update(workspaceBranding).set({ logoKey: null, logoWidth: null, logoHeight: null, updatedAt: new Date() }).where(eq(workspaceBranding.workspaceId, access.workspaceId));
    if (isBrandingKey(before.logoKey)) await storage.delete([before.logoKey]);
  }
  return readBranding(db, access);
}

export async function logoBytes(db: Database, storage: ObjectStorage, workspaceId: string): Promise<Buffer | null> {
  const row = await rowOf(db, workspaceId);
  return row?.logoKey && isBrandingKey(row.logoKey) ? storage.read(row.logoKey) : null;
}

/** The branding a project shows in public (share page, labels, readme), or null when its workspace's plan has none or nothing is set. */
export async function activeBrandingOfProject(db: Database, projectId: string): Promise<BrandingRow | null> {
  const [row] = await db
    .select({ branding: workspaceBranding, plan: users.subscriptionPlan })
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.billingUserId))
    .innerJoin(workspaceBranding, eq(workspaceBranding.workspaceId, workspaces.id))
    .where(eq(projects.id, projectId));
  if (!row || !brandingAvailable(row.plan as PlanId)) return null;
  const b = row.branding;
  return b.displayName || b.logoKey || b.contactName || b.phone || b.email || b.website ? b : null;
}

/** What a shared listing shows of a project's branding (sharing's `ListingBrand`, wired in app.ts), or null. */
export async function listingBrandOfProject(db: Database, storage: ObjectStorage, projectId: string) {
  const row = await activeBrandingOfProject(db, projectId);
  if (!row) return null;
  const key = row.logoKey && isBrandingKey(row.logoKey) ? row.logoKey : null;
  return {
    displayName: row.displayName,
    contactName: row.contactName,
    phone: row.phone,
    email: row.email,
    website: row.website,
    accentColor: row.accentColor,
    logo: key ? { version: logoVersion(key), width: row.logoWidth, height: row.logoHeight, read: () => storage.read(key) } : null,
  };
}
