import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '@/i18n/i18n';
import type { ProjectDetailResponse } from '@contract/projects';
import { DEFAULT_STYLE } from '@contract/styles';
import { toast } from '@/components/ui/toast-store';
import { USER_QUERY_KEY, useAuth } from '@/lib/auth';
import { userStats } from '@contract/user-stats';
import { formatCreditReset } from '@/lib/credit-reset';
import { useSignInAgain } from '@/lib/session-expiry';
import { PROJECTS_QUERY_KEY } from './api/get-projects';
import { RestageError, restageImage } from './api/restage-image';
import type { ImagePair } from './image-pairs';
import { restageProblem, type RestageProblem } from './restage-problem';

export interface StyleChoice {
  styleName: string;
  styleDescription: string;
  /** The wishes for this re-stage (the dialog prefills the project's last ones). */
  instructions?: string;
}

/**
 * Re-Stage for real (the spec's original only logged): 'Re-Staging Started', then the staging call
 * with isRegeneration:true and the style and wishes chosen in the Re-Stage dialog, then success or
 * the reason it failed ('Re-Staging Failed' when there is none to tell). A spinner per original
 * while it runs; no credits left also leaves a `problem` for the page to offer Upgrade.
 */
export function useRestage(project: ProjectDetailResponse | undefined) {
  const { t, i18n } = useTranslation('projects');
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const noCredits = user ? userStats(user).creditsRemaining === 0 : false;
  const resetDate = formatCreditReset(user?.creditsResetAt, i18n.language);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  /** The last failure that needs more than a toast (no credits: the Upgrade button). */
  const [problem, setProblem] = useState<RestageProblem | null>(null);
  const signInAgain = useSignInAgain();

  const restage = useCallback(
    async (pair: ImagePair, style?: StyleChoice) => {
      if (!project) return;
      // At 0 credits the server would answer 402: say so at once and offer the way on, without sending (issue #26).
      if (noCredits) {
        const found = restageProblem(t, 'insufficient_credits', resetDate);
        toast({ title: found.title, description: found.description, variant: 'destructive' });
        setProblem(found);
        return;
      }
      const id = pair.original.id;
      setPending((s) => new Set(s).add(id));
      setProblem(null);
      toast({ title: t('detail.restageStarted'), description: t('detail.restageStartedText') });
      try {
        await restageImage({
          projectId: project.id,
          category: project.category,
          originalPath: pair.original.filePath,
          styleName: style?.styleName ?? project.styleName ?? DEFAULT_STYLE.styleName,
          styleDescription: style?.styleDescription ?? project.styleDescription ?? (project.styleName ? '' : DEFAULT_STYLE.styleDescription),
          instructions: style ? style.instructions : (project.instructions ?? undefined),
        });
        toast({ title: t('detail.restageDone'), description: t('detail.restageDoneText'), variant: 'success' });
      } catch (error) {
        // Say why (issue #12): no credits, the AI changed the room, a timeout… not just "failed".
        if (error instanceof RestageError && error.status === 401) {
          signInAgain();
          return;
        }
        const found = restageProblem(t, error instanceof RestageError ? error.code : undefined, resetDate);
        toast({ title: found.title, description: found.description, variant: 'destructive' });
        if (found.upgrade) setProblem(found);
      } finally {
        setPending((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
        await queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      }
    },
    [project, queryClient, signInAgain, t, noCredits, resetDate],
  );

  /**
   * What the Re-stage button does: open the dialog (`choose`) when a re-stage can be paid for; at 0
   * credits a dialog would lead nowhere, so say so at once and offer the way on (issue #26).
   */
  const beginRestage = useCallback((pair: ImagePair, choose: (pair: ImagePair) => void) => (noCredits ? void restage(pair) : choose(pair)), [noCredits, restage]);

  return { restage, beginRestage, isRestaging: (pair: ImagePair) => pending.has(pair.original.id), problem, dismissProblem: () => setProblem(null) };
}
