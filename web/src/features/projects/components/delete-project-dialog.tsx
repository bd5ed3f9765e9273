import { Loader2 } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/toast-store';
import { useDeleteProject } from '../api/delete-project';

/**
 * 'Projekt löschen': cannot be undone, all images permanently deleted; Abbrechen / Löschen. Toasts
 * the number of files removed, or the server's message ('Das Projekt konnte nicht gelöscht werden.'
 * when it gave none).
 */
export function DeleteProjectDialog({
  project,
  onOpenChange,
  onDeleted,
}: {
  project: { id: string; title: string } | null;
  onOpenChange(open: boolean): void;
  onDeleted?(): void;
}) {
  const { t } = useTranslation('projects');
  const serverErrorText = useServerErrorText();
  const mutation = useDeleteProject();

  const confirm = (event: React.MouseEvent) => {
    event.preventDefault();
    if (!project || mutation.isPending) return;
    mutation.mutate(project.id, {
      onSuccess: (reply) => {
        toast({
          title: t('delete.successTitle'),
          description: t('delete.successText', { count: reply.deletedFiles }),
          variant: 'success',
        });
        onOpenChange(false);
        onDeleted?.();
      },
      onError: (error) => {
        toast({
          title: t('delete.errorTitle'),
          description: serverErrorText(error, t('delete.errorText')),
          variant: 'destructive',
        });
        onOpenChange(false);
      },
    });
  };

  return (
    <AlertDialog
      open={project !== null}
      onOpenChange={(open) => !mutation.isPending && onOpenChange(open)}
    >
      <AlertDialogContent data-testid="delete-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('delete.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('delete.text', { title: project?.title ?? '' })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{t('delete.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            destructive
            onClick={confirm}
            disabled={mutation.isPending}
            data-testid="confirm-delete"
          >
            {mutation.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {mutation.isPending ? t('delete.deleting') : t('delete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
