import { zodResolver } from '@hookform/resolvers/zod';
import { Coins, Sparkles, TriangleAlert } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@/i18n/i18n';
import { useLocation, useSearch } from 'wouter';
import {
  CUSTOM_STYLE_MAX,
  INSTRUCTIONS_MAX,
  MAX_IMAGES_PER_PROJECT,
  PROJECT_TITLE_MAX,
  RECOMMENDED_MIN_HEIGHT,
  RECOMMENDED_MIN_WIDTH,
} from '@contract/limits';
import { STYLES } from '@contract/styles';
import { userStats } from '@contract/user-stats';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { needsEmailConfirmation, useAuth } from '@/lib/auth';
import { cn } from '@/lib/class-names';
import { openAppModal } from '@/lib/modal-bus';
import { useFurnitureRemovalAvailable } from '@/lib/public-config';
import { useStagingConcurrency } from './api/get-public-config';
import { ActiveRunsPanel } from './components/active-runs-panel';
import { EngineNote } from './components/engine-note';
import { FormSection } from './components/form-section';
import { ImageDropZone } from './components/image-drop-zone';
import { ProblemBox } from './components/problem-box';
import { ProgressOverlay } from './components/progress-overlay';
import { PhotoRoomControls } from './components/room-type-select';
import { VariationsControl } from './components/variations-control';
import { StagingResults } from './components/staging-results';
import { StylePicker } from './components/style-picker';
import {
  RenovationPicker,
  renovationChoiceOf,
  renovationDraftDefaults,
  type RenovationDraft,
} from './components/renovation-picker';
import {
  stagingFormDefaults,
  stagingFormSchema,
  styleRequest,
  type StagingFormValues,
} from './staging-form-schema';
import {
  emailNotVerifiedText,
  failureText,
  submissionProblemText,
  type ProblemText,
} from './staging-messages';
import { canSubmit, submissionProblem } from './staging-validation';
import { usePhotoRooms } from './use-photo-rooms';
import { rejectedText } from './selected-images';
import { useSelectedImages } from './use-selected-images';
import { useStagingRun } from './use-staging-run';


/** `/new-project`: name, photos, style, instructions → the staging run with its overlay → results. */
export default function NewProjectPage() {
  const { t, i18n } = useTranslation('staging');
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const stats = user ? userStats(user) : null;
  const credits = stats?.creditsRemaining ?? 0;
  const concurrency = useStagingConcurrency();
  // `?service=furniture_removal` (tool tiles, decision 027): the room is emptied instead of furnished; no style.
  const service = new URLSearchParams(useSearch()).get('service');
  const removal = service === 'furniture_removal';
  // `?service=renovation` (decision 062): chosen surfaces re-done, no style.
  const renovation = service === 'renovation';
  const [surfaces, setSurfaces] = useState<RenovationDraft>(renovationDraftDefaults);
  const renovationChoice = renovation ? renovationChoiceOf(surfaces) : null;
  const removalAvailable = useFurnitureRemovalAvailable();
  const removalBlocked = removal && removalAvailable !== true;
  const run = useStagingRun();
  const picked = useSelectedImages(RECOMMENDED_MIN_WIDTH, RECOMMENDED_MIN_HEIGHT);
  const [problem, setProblem] = useState<ProblemText | null>(null);
  const photoIds = useMemo(() => picked.images.map((i) => i.id), [picked.images]);
  const photoRooms = usePhotoRooms(photoIds);
  const [variations, setVariations] = useState(1);
  const creditsNeeded = picked.images.length * variations;
  const ids = {
    name: useId(),
    nameHint: useId(),
    custom: useId(),
    instructions: useId(),
    photos: useId(),
    notice: useId(),
  };

  const form = useForm<StagingFormValues>({
    resolver: zodResolver(stagingFormSchema),
    defaultValues: stagingFormDefaults,
    mode: 'onTouched',
  });
  const { register, setValue, formState, control } = form;
  const [title, styleId, customDescription, instructions] = useWatch({
    control,
    name: ['title', 'styleId', 'customDescription', 'instructions'],
  });
  const processing = run.state.status === 'processing';
  // Until the address is confirmed the server refuses uploads (issue #10): say so now, not after the upload.
  const unconfirmed = needsEmailConfirmation(user);
  const submittable =
    !unconfirmed &&
    !removalBlocked &&
    !(renovation && !renovationChoice) &&
    canSubmit({ title, imageCount: picked.images.length, processing });

  if (run.state.status === 'complete') {
    return (
      <StagingResults
        project={run.state.session}
        previews={picked.images.map((i) => i.previewUrl)}
        onRetryFailed={
          run.state.outcome.failed.some((f) => f.objectPath) ? run.retryFailed : undefined
        }
        onCreateAnother={() => {
          picked.clear();
          form.reset(stagingFormDefaults);
          setVariations(1);
          setSurfaces(renovationDraftDefaults);
          setProblem(null);
          run.reset();
        }}
      />
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const found = submissionProblem({
      title,
      imageCount: picked.images.length,
      creditsRemaining: credits,
      creditsNeeded,
    });
    if (found) {
      setProblem(submissionProblemText(t, found));
      return;
    }
    if (processing || unconfirmed || removalBlocked || (renovation && !renovationChoice)) return;
    void form.handleSubmit((values) => {
      const files = picked.images.map((i) => i.file);
      void run.start(
        {
          title: values.title,
          files,
          ...styleRequest(values.styleId, values.customDescription),
          instructions: values.instructions,
          concurrency,
          ...(removal ? { category: 'furniture_removal' as const } : {}),
          ...(renovation && renovationChoice ? { category: 'renovation' as const, renovation: renovationChoice } : {}),
          rooms: photoRooms.rooms,
          variations,
        },
        picked.images.map((i) => ({
          qualityWarning: i.lowResolution,
          width: i.width,
          height: i.height,
        })),
      );
    })();
  };

  const shownProblem =
    problem ?? (run.state.status === 'error' ? failureText(t, lang, run.state.failure) : null);
  const lowResCount = picked.images.filter((i) => i.lowResolution).length;
  const overCredits = stats !== null && credits > 0 && creditsNeeded > credits;
  const fieldError = (name: keyof StagingFormValues, max: number) => {
    const message = formState.errors[name]?.message;
    return message ? t(`newProject.${message}`, { max }) : null;
  };
  const customError = fieldError('customDescription', CUSTOM_STYLE_MAX);
  const instructionsError = fieldError('instructions', INSTRUCTIONS_MAX);
  const titleError = fieldError('title', PROJECT_TITLE_MAX);
  const styleName = styleId === 'custom' ? STYLES.custom.name[lang] : STYLES[styleId].name[lang];

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      {run.state.status === 'processing' && (
        <ProgressOverlay progress={run.state.progress} previews={picked.images.map((i) => i.previewUrl)} />
      )}

      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">
            {t(removal ? 'removal.title' : renovation ? 'renovation.title' : 'newProject.title')}
          </h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            {t(removal ? 'removal.subtitle' : renovation ? 'renovation.subtitle' : 'newProject.subtitle')}
          </p>
        </div>
        {stats && (
          <button
            type="button"
            onClick={() => openAppModal('subscription')}
            className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm font-medium shadow-xs transition hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="credits-available"
          >
            <Coins className="size-4 text-primary" aria-hidden />
            {t('newProject.creditsAvailable', { count: credits })}
          </button>
        )}
      </header>

      {/* After a reload mid-run: the run goes on on the server; show it and then its result (issue #23). */}
      {run.state.status === 'idle' && <ActiveRunsPanel className="mt-6" />}

      {removal && removalAvailable === false && (
        <Alert
          variant="warning"
          className="mt-6"
          title={t('removal.unavailableTitle')}
          data-testid="removal-unavailable"
        >
          <p>{t('removal.unavailableText')}</p>
        </Alert>
      )}

      {unconfirmed && user && (
        <Alert
          variant="warning"
          className="mt-6"
          title={emailNotVerifiedText(t, user.email).title}
          data-testid="email-not-verified-notice"
        >
          <p>{emailNotVerifiedText(t, user.email).description}</p>
        </Alert>
      )}

      {stats && credits <= 0 && !unconfirmed && (
        <Alert
          variant="warning"
          className="mt-6"
          title={t('errors.insufficientCredits.title')}
          action={
            <Button type="button" size="sm" onClick={() => openAppModal('subscription')}>
              <Sparkles aria-hidden /> {t('errors.upgrade')}
            </Button>
          }
        >
          <p>
            {t('newProject.noCreditsBanner')} {t('errors.insufficientCredits.text')}
          </p>
        </Alert>
      )}

      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start"
        aria-busy={processing}
        data-testid="staging-form"
      >
        <div className="grid min-w-0 gap-6">
          <FormSection step={1} title={t('newProject.nameStep')} id={`${ids.name}-h`}>
            <div className="grid gap-2">
              <Label htmlFor={ids.name}>{t('newProject.nameLabel')}</Label>
              <Input
                id={ids.name}
                autoComplete="off"
                placeholder={t('newProject.namePlaceholder')}
                aria-required="true"
                aria-invalid={titleError ? true : undefined}
                aria-describedby={ids.nameHint}
                disabled={processing}
                maxLength={PROJECT_TITLE_MAX}
                data-testid="project-name"
                {...register('title')}
              />
              <p
                id={ids.nameHint}
                className={cn('text-xs', titleError ? 'text-destructive' : 'text-muted-foreground')}
              >
                {titleError ?? t('newProject.nameHint')}
              </p>
            </div>
          </FormSection>

          <FormSection
            step={2}
            title={t('newProject.photosStep')}
            hint={t(removal ? 'removal.photosHint' : 'newProject.photosHint')}
            id={`${ids.photos}-h`}
          >
            <div className="grid gap-4">
              {picked.notice && (
                <Alert
                  id={ids.notice}
                  variant={picked.notice.kind === 'maxExceeded' ? 'destructive' : 'warning'}
                  title={picked.notice.kind === 'maxExceeded' ? t('picker.maxExceeded') : undefined}
                  data-testid="picker-notice"
                >
                  {picked.notice.kind === 'maxExceeded' && (
                    <p>
                      {t('picker.maxExceededHint', {
                        count: picked.notice.leftOut,
                        max: MAX_IMAGES_PER_PROJECT,
                      })}
                    </p>
                  )}
                  {picked.notice.files.map((f) => (
                    <p key={f.name} data-testid="picker-rejected" data-reason={f.reason}>
                      {rejectedText(t, f)}
                    </p>
                  ))}
                </Alert>
              )}
              <ImageDropZone
                images={picked.images}
                onAdd={(files) => {
                  setProblem(null);
                  void picked.add(files);
                }}
                onRemove={picked.remove}
                onClear={picked.clear}
                disabled={processing}
                minWidth={RECOMMENDED_MIN_WIDTH}
                minHeight={RECOMMENDED_MIN_HEIGHT}
                describedBy={picked.notice ? ids.notice : undefined}
                tileFooter={(image, index) => (
                  <PhotoRoomControls
                    rooms={photoRooms.rooms}
                    index={index}
                    onRoomTypeChange={(roomType) => photoRooms.setRoomType(index, roomType)}
                    onGroupChange={(group) => photoRooms.setGroup(index, group)}
                    disabled={processing}
                    photoName={image.file.name}
                  />
                )}
              />
              {picked.images.length > 0 && (
                <p className="text-xs text-muted-foreground">{t('listing.roomsHint')}</p>
              )}
              {lowResCount > 0 && (
                <Alert variant="warning" data-testid="low-res-summary">
                  <p>
                    {t('picker.lowResSummary', {
                      minWidth: RECOMMENDED_MIN_WIDTH,
                      minHeight: RECOMMENDED_MIN_HEIGHT,
                    })}
                  </p>
                </Alert>
              )}
            </div>
          </FormSection>

          {renovation && (
            <FormSection
              step={3}
              title={t('renovation.step')}
              hint={t('renovation.stepHint')}
              id="renovation-heading"
            >
              <RenovationPicker value={surfaces} onChange={setSurfaces} disabled={processing} />
            </FormSection>
          )}

          {!removal && !renovation && (
            <FormSection
              step={3}
              title={t('newProject.styleStep')}
              hint={t('newProject.styleHint')}
              id="style-heading"
            >
              <StylePicker
                value={styleId}
                onChange={(v) => setValue('styleId', v, { shouldValidate: formState.isSubmitted })}
                disabled={processing}
              />
              {styleId === 'custom' && (
                <div className="mt-5 grid gap-2">
                  <Label htmlFor={ids.custom}>{t('newProject.customLabel')}</Label>
                  <Textarea
                    id={ids.custom}
                    rows={3}
                    placeholder={t('newProject.customPlaceholder')}
                    maxLength={CUSTOM_STYLE_MAX}
                    aria-invalid={customError ? true : undefined}
                    aria-describedby={`${ids.custom}-msg`}
                    disabled={processing}
                    data-testid="custom-style"
                    {...register('customDescription')}
                  />
                  <div id={`${ids.custom}-msg`} className="flex justify-between gap-3 text-xs">
                    <span className="text-destructive">{customError}</span>
                    <span className="tabular-nums text-muted-foreground">
                      {t('newProject.charCount', {
                        count: customDescription.length,
                        max: CUSTOM_STYLE_MAX,
                      })}
                    </span>
                  </div>
                </div>
              )}
            </FormSection>
          )}

          <FormSection
            step={removal ? 3 : 4}
            title={t('newProject.instructionsStep')}
            optional={t('newProject.optional')}
            id={`${ids.instructions}-h`}
          >
            <div className="grid gap-2">
              <Label htmlFor={ids.instructions} className="sr-only">
                {t('newProject.instructionsLabel')}
              </Label>
              <Textarea
                id={ids.instructions}
                rows={3}
                placeholder={t('newProject.instructionsPlaceholder')}
                maxLength={INSTRUCTIONS_MAX}
                aria-invalid={instructionsError ? true : undefined}
                aria-describedby={`${ids.instructions}-msg`}
                disabled={processing}
                {...register('instructions')}
              />
              <div id={`${ids.instructions}-msg`} className="flex justify-between gap-3 text-xs">
                <span className="text-destructive">{instructionsError}</span>
                <span className="tabular-nums text-muted-foreground">
                  {t('newProject.charCount', { count: instructions.length, max: INSTRUCTIONS_MAX })}
                </span>
              </div>
            </div>
          </FormSection>
        </div>

        <aside className="min-w-0 lg:sticky lg:top-24" aria-label={t('newProject.summaryTitle')}>
          <div className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
            <h2 className="font-semibold tracking-tight">{t('newProject.summaryTitle')}</h2>
            <dl className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-3 text-sm">
              <SummaryRow label={t('newProject.summaryName')}>
                {title.trim() ? (
                  <span className="block truncate" title={title.trim()} data-testid="summary-name">
                    {title.trim()}
                  </span>
                ) : (
                  <span className="text-muted-foreground">{t('newProject.summaryNameEmpty')}</span>
                )}
              </SummaryRow>
              <SummaryRow label={t('newProject.summaryImages')}>
                <span className="tabular-nums">
                  {picked.images.length} / {MAX_IMAGES_PER_PROJECT}
                </span>
              </SummaryRow>
              {removal ? (
                <SummaryRow label={t('removal.summaryService')}>{t('removal.service')}</SummaryRow>
              ) : renovation ? (
                <SummaryRow label={t('renovation.summarySurfaces')}>
                  <span data-testid="summary-surfaces">
                    {renovationChoice
                      ? (['walls', 'floor', 'ceiling'] as const)
                          .filter((s) => renovationChoice[s])
                          .map((s) => t(`renovation.${s}`))
                          .join(', ')
                      : '–'}
                  </span>
                </SummaryRow>
              ) : (
                <SummaryRow label={t('newProject.summaryStyle')}>{styleName}</SummaryRow>
              )}
            </dl>
            <div className="my-4 h-px bg-border" />
            <VariationsControl
              value={variations}
              onChange={setVariations}
              photoCount={picked.images.length}
              disabled={processing}
            />
            <div className="my-4 h-px bg-border" />
            <dl className="grid grid-cols-[minmax(0,1fr)] gap-3 text-sm">
              <SummaryRow label={t('newProject.summaryCost')}>
                <span className="font-semibold" data-testid="credit-cost">
                  {t('newProject.summaryCostValue', { count: creditsNeeded })}
                </span>
              </SummaryRow>
              {stats && (
                <SummaryRow label={t('newProject.summaryBalance')}>
                  <span
                    className={cn(
                      'tabular-nums',
                      (credits <= 0 || overCredits) && 'font-semibold text-destructive',
                    )}
                  >
                    {t('newProject.summaryCostValue', { count: credits })}
                  </span>
                </SummaryRow>
              )}
            </dl>
            {overCredits && (
              <p
                className="mt-3 flex gap-2 text-xs text-destructive"
                data-testid="over-credits-hint"
              >
                <TriangleAlert className="size-4 shrink-0" aria-hidden />
                {variations > 1
                  ? t('listing.tooManyForCredits', {
                      credits,
                      needed: creditsNeeded,
                      count: credits,
                    })
                  : t('newProject.tooManyForCredits', { credits, images: picked.images.length })}
              </p>
            )}
            <p className="mt-4 text-xs leading-relaxed text-muted-foreground">
              {t(renovation ? 'renovation.costNote' : 'newProject.costNote')}
            </p>
            <EngineNote className="mt-3" renovation={renovation} />

            {shownProblem && (
              <ProblemBox
                problem={shownProblem}
                className="mt-4"
                onRetry={run.canRetry && !problem ? run.retry : undefined}
              />
            )}

            <div className="mt-5 grid gap-2">
              <Button type="submit" size="lg" disabled={!submittable} data-testid="start-staging">
                <Sparkles aria-hidden /> {t(removal ? 'removal.start' : renovation ? 'renovation.start' : 'newProject.start')}
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => navigate('/')}
                disabled={processing}
              >
                {t('newProject.cancel')}
              </Button>
            </div>
            {!submittable && !processing && (
              <p
                className="mt-3 text-center text-xs text-muted-foreground"
                data-testid="submit-hint"
              >
                {t(
                  submitHintKey({
                    unconfirmed,
                    removalBlocked,
                    noSurface: renovation && !renovationChoice,
                    hasTitle: title.trim().length > 0,
                    imageCount: picked.images.length,
                  }),
                )}
              </p>
            )}
          </div>
        </aside>
      </form>
    </div>
  );
}

/** Why "Start staging" is disabled, the first reason that applies (issue #26: the hint named the wrong one). */
function submitHintKey(state: {
  unconfirmed: boolean;
  removalBlocked: boolean;
  noSurface?: boolean;
  hasTitle: boolean;
  imageCount: number;
}): string {
  if (state.unconfirmed) return 'newProject.hintConfirm';
  if (state.removalBlocked) return 'newProject.hintRemoval';
  if (state.noSurface) return 'renovation.hintSurface';
  if (!state.hasTitle && state.imageCount === 0) return 'newProject.submitHint';
  if (!state.hasTitle) return 'newProject.hintName';
  return 'newProject.hintPhotos';
}

function SummaryRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-4">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium">{children}</dd>
    </div>
  );
}
