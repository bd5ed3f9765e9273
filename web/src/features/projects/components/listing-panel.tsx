import {
  Copy,
  ExternalLink,
  FileArchive,
  Link2,
  Link2Off,
  Loader2,
  Lock,
  Megaphone,
  Pencil,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { PLANS } from '@contract/plans';
import { LISTING_DISCLOSURE } from '@contract/sharing';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { DISCLOSURE_PACKS, PUBLISH_MARKETS, type PublishMarket } from '@contract/disclosure-packs';
import { toast } from '@/components/ui/toast-store';
import { useTranslation } from '@/i18n/i18n';
import { useAuth } from '@/lib/auth';
import { useEngineWords } from '@/lib/public-config';
import { cn } from '@/lib/class-names';
import { saveDownload } from '@/lib/download-image';
import { listingZipUrl, useShareLink, useShareLinkMutations } from '../api/share-link';
import { ListingPhotoPicker, type ListingPhoto } from './listing-photo-picker';
import { ShareTitleDialog } from './share-title-dialog';

/**
 * Everything for publishing the listing (decision 026): the public share link (create, copy, open,
 * revoke), the whole listing as a zip (optionally labelled, with originals), and the ready
 * disclosure sentence for the listing text in German and English. Link and zip hold the staged
 * photos the member chooses, all of them at first (decision 052).
 */
interface ListingProps {
  projectId: string;
  projectTitle: string;
  /** The project's staged photos, in page order. */
  photos: ListingPhoto[];
}

export function ListingPanel({ projectId, projectTitle, photos }: ListingProps) {
  const { t } = useTranslation('projects');
  return (
    <section
      className="mt-6 grid gap-4 md:grid-cols-2"
      aria-label={t('listing.title')}
      data-testid="listing-panel"
    >
      <ShareLinkCard projectId={projectId} projectTitle={projectTitle} photos={photos} />
      <ZipCard projectId={projectId} projectTitle={projectTitle} photos={photos} />
      <DisclosureCard projectId={projectId} />
    </section>
  );
}

function PanelCard({
  icon: Icon,
  title,
  text,
  className,
  children,
}: {
  icon: typeof Link2;
  title: string;
  text: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm', className)}>
      <div>
        <h2 className="flex items-center gap-2 font-semibold tracking-tight">
          <Icon className="size-4 text-primary" aria-hidden /> {title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{text}</p>
      </div>
      {children}
    </div>
  );
}

async function copy(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: done, variant: 'success' });
  } catch {
    toast({ title: failed, variant: 'destructive' });
  }
}

function ShareLinkCard({ projectId, projectTitle, photos }: ListingProps) {
  const { t } = useTranslation('projects');
  const link = useShareLink(projectId);
  const { create, revoke } = useShareLinkMutations(projectId);
  const url = link.data?.url ?? null;
  const publicTitle = link.data?.publicTitle ?? null;
  const imageIds = link.data?.imageIds ?? null;
  const [dialogOpen, setDialogOpen] = useState(false);
  const inputId = useId();
  const failed = () => toast({ title: t('listing.shareFailed'), variant: 'destructive' });
  const confirm = (title: string, chosen: string[] | null) =>
    create.mutate({ publicTitle: title, imageIds: chosen }, { onSuccess: () => setDialogOpen(false), onError: failed });
  const shownCount = imageIds ? photos.filter((p) => imageIds.includes(p.id)).length : photos.length;
  return (
    <PanelCard icon={Link2} title={t('listing.shareTitle')} text={t('listing.shareText')}>
      <ShareTitleDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        initialTitle={publicTitle ?? projectTitle}
        editing={Boolean(url)}
        pending={create.isPending}
        photos={photos}
        initialChosen={imageIds}
        onConfirm={confirm}
      />
      {url ? (
        <div className="grid gap-2">
          <div className="flex min-w-0 items-center justify-between gap-2 rounded-lg bg-muted/60 px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block text-xs text-muted-foreground">{t('listing.publicTitle')}</span>
              <span className="block truncate font-medium" data-testid="share-title-shown">
                {publicTitle ?? t('listing.noPublicTitle')}
              </span>
              <span className="block text-xs text-muted-foreground" data-testid="share-photo-count">
                {t('listing.photosOnPage', { n: shownCount, count: photos.length })}
              </span>
            </span>
            <Button size="sm" variant="ghost" onClick={() => setDialogOpen(true)} data-testid="share-title-edit">
              <Pencil aria-hidden /> {t('listing.editTitle')}
            </Button>
          </div>
          <Label htmlFor={inputId} className="sr-only">
            {t('listing.shareTitle')}
          </Label>
          <Input
            id={inputId}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-xs"
            data-testid="share-url"
          />
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => void copy(url, t('listing.copied'), t('listing.copyFailed'))}
              data-testid="share-copy"
            >
              <Copy aria-hidden /> {t('listing.copy')}
            </Button>
            <Button size="sm" variant="outline" asChild>
              <a href={url} target="_blank" rel="noreferrer noopener">
                <ExternalLink aria-hidden /> {t('listing.open')}
              </a>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-400"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => toast({ title: t('listing.revoked') }),
                  onError: failed,
                })
              }
              data-testid="share-revoke"
            >
              <Link2Off aria-hidden /> {t('listing.revoke')}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          className="w-fit"
          disabled={link.isPending || create.isPending}
          onClick={() => setDialogOpen(true)}
          data-testid="share-create"
        >
          {create.isPending ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <Link2 aria-hidden />
          )}{' '}
          {t('listing.create')}
        </Button>
      )}
      <p className="text-xs text-muted-foreground">{t('listing.shareNote')}</p>
    </PanelCard>
  );
}

function ZipCard({ projectId, projectTitle, photos }: ListingProps) {
  const { t, i18n } = useTranslation('projects');
  const { user } = useAuth();
  const labelAllowed = user ? PLANS[user.subscriptionPlan].disclosureLabel : false;
  const shareState = useShareLink(projectId).data;
  const hasLink = Boolean(shareState?.url);
  const market: PublishMarket = shareState?.market ?? 'other';
  const { setMarket } = useShareLinkMutations(projectId);
  // California (AB 723, CRMLS): each staged photo's original goes beside it; the server puts it in whatever is asked.
  const originalsRequired = DISCLOSURE_PACKS[market].originalsBeside;
  const [originalsWanted, setOriginals] = useState(false);
  const originals = originalsWanted || originalsRequired;
  const [labelled, setLabelled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  // Every staged photo until the member unticks one (photos staged meanwhile join the default).
  const picked = chosen ?? new Set(photos.map((p) => p.id));
  const pickedIds = photos.filter((p) => picked.has(p.id)).map((p) => p.id);
  const ids = { originals: useId(), label: useId(), market: useId() };
  const download = async () => {
    setBusy(true);
    try {
      const label = labelled && labelAllowed ? (i18n.language === 'de' ? 'de' : 'en') : undefined;
      await saveDownload(
        listingZipUrl(projectId, { label, originals, share: hasLink, images: pickedIds.length < photos.length ? pickedIds : undefined }),
        `${projectTitle}.zip`,
      );
      toast({ title: t('detail.downloadStarted'), variant: 'success' });
    } catch {
      toast({
        title: t('detail.downloadFailed'),
        description: t('detail.downloadFailedText'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <PanelCard
      icon={FileArchive}
      title={t('listing.zipTitle')}
      text={t('listing.zipText', { count: pickedIds.length })}
    >
      {photos.length > 1 && (
        <ListingPhotoPicker photos={photos} chosen={picked} onChange={setChosen} label={t('listing.zipPhotos')} testId="zip-photos" />
      )}
      <div className="grid gap-3 text-sm">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.market}>{t('listing.marketLabel')}</Label>
          <Select value={market} onValueChange={(value) => setMarket.mutate(value as PublishMarket)} disabled={!shareState || setMarket.isPending}>
            <SelectTrigger id={ids.market} className="w-full" data-testid="publish-market">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PUBLISH_MARKETS.map((m) => (
                <SelectItem key={m} value={m} data-testid={`publish-market-${m}`}>
                  {t(`listing.markets.${m}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-xs text-muted-foreground" data-testid="publish-market-note">
            {t(`listing.marketNotes.${market}`)}
          </p>
        </div>
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={ids.originals}>{t('listing.withOriginals')}</Label>
          <Switch
            id={ids.originals}
            checked={originals}
            disabled={originalsRequired}
            onCheckedChange={setOriginals}
            data-testid="zip-originals"
          />
        </div>
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={ids.label} className="flex items-center gap-1.5">
            {!labelAllowed && <Lock className="size-3.5 text-muted-foreground" aria-hidden />}{' '}
            {t('listing.withLabel')}
          </Label>
          <Switch
            id={ids.label}
            checked={labelled && labelAllowed}
            disabled={!labelAllowed}
            onCheckedChange={setLabelled}
            data-testid="zip-label"
          />
        </div>
        {!labelAllowed ? (
          <p className="text-xs text-muted-foreground">
            {t('listing.labelProOnly')}{' '}
            <Link
              href="/subscribe"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('listing.upgrade')}
            </Link>
          </p>
        ) : (
          labelled &&
          hasLink && <p className="text-xs text-muted-foreground">{t('listing.labelWithLink')}</p>
        )}
      </div>
      <Button
        className="w-fit"
        onClick={() => void download()}
        disabled={busy || pickedIds.length === 0}
        data-testid="zip-download"
      >
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <FileArchive aria-hidden />}{' '}
        {t('listing.zipButton')}
      </Button>
    </PanelCard>
  );
}

function DisclosureCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation('projects');
  const engine = useEngineWords();
  // The server's sentence ends with the workspace's name and contact while it is branded (decision 045).
  const disclosure = useShareLink(projectId).data?.disclosure ?? LISTING_DISCLOSURE[engine];
  return (
    <PanelCard
      icon={Megaphone}
      title={t('listing.disclosureTitle')}
      text={t('listing.disclosureText')}
      className="md:col-span-2"
    >
      <div className="grid gap-3 md:grid-cols-2">
        {(['de', 'en'] as const).map((language) => (
          <figure key={language} className="flex flex-col gap-2 rounded-xl bg-muted/60 p-3">
            <figcaption className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
              {t(`listing.language.${language}`)}
            </figcaption>
            <blockquote
              lang={language}
              className="text-sm leading-relaxed"
              data-testid={`disclosure-${language}`}
            >
              {disclosure[language]}
            </blockquote>
            <Button
              size="sm"
              variant="outline"
              className="mt-auto w-fit"
              onClick={() =>
                void copy(
                  disclosure[language],
                  t('listing.copied'),
                  t('listing.copyFailed'),
                )
              }
              data-testid={`disclosure-copy-${language}`}
            >
              <Copy aria-hidden /> {t('listing.copy')}
            </Button>
          </figure>
        ))}
      </div>
    </PanelCard>
  );
}
