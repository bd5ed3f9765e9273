import { CircleAlert, Loader2, Users } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/i18n';
import { useServerErrorText } from '@/i18n/server-error-text';
import { useAuth } from '@/lib/auth';
import { useAcceptInvitation, useInvitationPreview } from './api/invitation';

/** `/invitation?token=`: the mailed workspace invitation (decision 041); joining needs the invited, confirmed address. */
export default function InvitationPage() {
  const { t } = useTranslation('team');
  const errorText = useServerErrorText();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { user } = useAuth();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();

  let body;
  if (preview.isLoading) {
    body = <Loader2 className="mx-auto size-8 animate-spin text-muted-foreground" aria-hidden />;
  } else if (!preview.data && !accept.isSuccess) {
    body = (
      <Panel icon={<CircleAlert className="size-6" aria-hidden />} title={t('invitation.invalidTitle')} tone="problem">
        <p>{t('invitation.invalidText')}</p>
      </Panel>
    );
  } else if (accept.isSuccess) {
    body = (
      <Panel icon={<Users className="size-6" aria-hidden />} title={t('invitation.joinedTitle', { name: preview.data?.workspaceName ?? '' })}>
        <p>{t('invitation.joinedText')}</p>
        <Button asChild size="lg" className="mt-2">
          <Link href="/my-projects">{t('invitation.toProjects')}</Link>
        </Button>
      </Panel>
    );
  } else {
    const invitation = preview.data!;
    body = (
      <Panel icon={<Users className="size-6" aria-hidden />} title={t('invitation.title', { name: invitation.workspaceName })}>
        <p>{t('invitation.text', { name: invitation.workspaceName, role: t(`roles.${invitation.role}`) })}</p>
        <p className="font-medium">{t('invitation.forEmail', { email: invitation.email })}</p>
        {user ? (
          <>
            <Button size="lg" className="mt-2" disabled={accept.isPending} onClick={() => accept.mutate(token)} data-testid="invitation-accept">
              {accept.isPending && <Loader2 className="animate-spin" aria-hidden />} {t('invitation.accept')}
            </Button>
            {accept.isError && (
              <p role="alert" className="text-sm text-destructive">
                {errorText(accept.error)}
              </p>
            )}
          </>
        ) : (
          <>
            <p className="text-muted-foreground">{t('invitation.signInFirst')}</p>
            <Button asChild size="lg" className="mt-2">
              <Link href="/login">{t('invitation.signIn')}</Link>
            </Button>
          </>
        )}
      </Panel>
    );
  }
  return <div className="mx-auto w-full max-w-lg px-4 py-12 sm:py-20">{body}</div>;
}

function Panel({ icon, title, tone, children }: { icon: React.ReactNode; title: string; tone?: 'problem'; children: React.ReactNode }) {
  return (
    <section className="grid justify-items-start gap-4 rounded-2xl border bg-card p-6 shadow-sm sm:p-8" data-testid="invitation-panel">
      <span className={`flex size-12 items-center justify-center rounded-full ${tone === 'problem' ? 'bg-destructive/10 text-destructive' : 'bg-primary/10 text-primary'}`}>{icon}</span>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <div className="grid gap-3 leading-relaxed">{children}</div>
    </section>
  );
}
