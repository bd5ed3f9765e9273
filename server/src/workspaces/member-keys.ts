import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { MemberApiKey } from '../../../contract/workspaces.js';
import type { Database } from '../db/client.js';
import { apiKeys } from '../db/schema/public-api.js';
import { users } from '../db/schema/users.js';
import { workspaceMembers } from '../db/schema/workspaces.js';
import { AppError } from '../errors/app-error.js';
import type { Mailer } from '../mail/mailer.js';

type Tx = Pick<Database, 'select' | 'update'>;

/**
 * Decision 050: an API key belongs to the workspace, but whoever created it has seen it once and may
 * have taken it along. When its creator leaves the workspace (removed, or leaving), their active keys
 * are revoked, except those the remover names (`keep`): those stay, with who kept them and when. The
 * owners are mailed what happened to each key.
 */
export interface MemberKeysOutcome {
  revoked: MemberApiKey[];
  kept: MemberApiKey[];
}

const keyFields = { id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix };

/** Active keys of the workspace per creator, for the team list (the removal dialog names them). */
export async function activeKeysByCreator(db: Pick<Database, 'select'>, workspaceId: string): Promise<Map<string, MemberApiKey[]>> {
  const rows = await db
    .select({ ...keyFields, createdBy: apiKeys.createdBy })
    .from(apiKeys)
    .where(and(eq(apiKeys.ownerId, workspaceId), isNull(apiKeys.revokedAt)))
    .orderBy(apiKeys.createdAt);
  const byCreator = new Map<string, MemberApiKey[]>();
  for (const { createdBy, ...key } of rows) if (createdBy) byCreator.set(createdBy, [...(byCreator.get(createdBy) ?? []), key]);
  return byCreator;
}

/** Revokes the member's active keys in this workspace but `keep` (each must be one of them: else 400, nothing changed). */
export async function revokeKeysOfMember(tx: Tx, workspaceId: string, memberId: string, keep: readonly string[], keptBy: string | null): Promise<MemberKeysOutcome> {
  const theirs = and(eq(apiKeys.ownerId, workspaceId), eq(apiKeys.createdBy, memberId), isNull(apiKeys.revokedAt));
  const active = await tx.select(keyFields).from(apiKeys).where(theirs).for('update');
  const unknown = keep.filter((id) => !active.some((key) => key.id === id));
  if (unknown.length) throw AppError.badRequest('keepApiKeyIds: only active API keys this member created can be kept.', 'validation_failed');
  const kept = active.filter((key) => keep.includes(key.id));
  const revoked = active.filter((key) => !keep.includes(key.id));
  if (revoked.length) {
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()`, revokedReason: 'member_removed' })
      .where(and(theirs, kept.length ? notInArray(apiKeys.id, kept.map((k) => k.id)) : undefined));
  }
  if (kept.length) {
    await tx
      .update(apiKeys)
      .set({ keptBy, keptAt: sql`now()` })
      .where(inArray(apiKeys.id, kept.map((k) => k.id)));
  }
  return { revoked, kept };
}

export interface KeysMailFacts {
  workspaceId: string;
  workspaceName: string;
  member: { id: string };
  /** Who removed the member (null: the member left). */
  remover: { id: string } | null;
  outcome: MemberKeysOutcome;
}

const nameOf = (p: { firstName: string | null; lastName: string | null; email: string }) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email;

/** Tells every owner of the workspace (through the mail outbox) which of the member's keys were revoked and which kept, by whom. */
export async function mailOwnersAboutKeys(db: Database, mailer: Mailer, publicUrl: string, facts: KeysMailFacts): Promise<void> {
  const { revoked, kept } = facts.outcome;
  if (!revoked.length && !kept.length) return;
  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language })
    .from(users)
    .where(inArray(users.id, [facts.member.id, ...(facts.remover ? [facts.remover.id] : [])]));
  const owners = await db
    .select({ email: users.email, language: users.language })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, facts.workspaceId), eq(workspaceMembers.role, 'owner')));
  const person = (id: string | undefined) => people.find((p) => p.id === id);
  const member = person(facts.member.id);
  const remover = person(facts.remover?.id);
  const label = (key: MemberApiKey) => `${key.name} (${key.prefix}…)`;
  for (const owner of owners) {
    await mailer.send({
      to: owner.email,
      language: owner.language ?? 'en',
      template: 'member_api_keys',
      data: {
        workspaceName: facts.workspaceName,
        member: member ? nameOf(member) : '—',
        remover: remover ? nameOf(remover) : null,
        revoked: revoked.map(label),
        kept: kept.map(label),
        appUrl: publicUrl,
      },
    });
  }
}
