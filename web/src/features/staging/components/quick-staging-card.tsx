import { ImagePlus, Info, Sparkles, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/i18n';
import {
  DASHBOARD_QUALITY_MIN_HEIGHT,
  DASHBOARD_QUALITY_MIN_WIDTH,
  PROJECT_TITLE_MAX,
} from '@contract/limits';
import { STYLE_LIST, type StyleId } from '@contract/styles';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { needsEmailConfirmation, useAuth } from '@/lib/auth';
import { useStagingConcurrency } from '../api/get-public-config';
import { readImageSize, type ImageSize } from '../image-size';
import { ACCEPT_ATTRIBUTE, checkPicked, isLowResolution, rejectedText } from '../selected-images';
import { styleRequest } from '../staging-form-schema';
import {
  emailNotVerifiedText,
  failureText,
  submissionProblemText,
  type ProblemText,
} from '../staging-messages';
import { useStagingRun } from '../use-staging-run';
import { ProblemBox } from './problem-box';
import { ProgressOverlay } from './progress-overlay';

/**
 * The dashboard's one-photo upload (spec §5): title and files required; of several files only the
 * first is processed (batch upload is coming soon); a quality warning below 1280x720.
 */
export function QuickStagingCard({ creditsRemaining }: { creditsRemaining: number }) {
  const { t, i18n } = useTranslation('staging');
  const lang = i18n.language.startsWith('de') ? 'de' : 'en';
  const concurrency = useStagingConcurrency();
  const run = useStagingRun();
  const { user } = useAuth();
  const [title, setTitle] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [size, setSize] = useState<ImageSize | null>(null);
  const [styleId, setStyleId] = useState<Exclude<StyleId, 'custom'>>('modern');
  const [problem, setProblem] = useState<ProblemText | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), file: useId(), style: useId(), note: useId() };
  const first = files[0];
  const { state, reset } = run;

  useEffect(() => {
    if (state.status !== 'complete') return;
    toast({
      title: t('dashboard.quick.success'),
      description: t('dashboard.quick.successText', { name: state.session.name }),
      variant: 'success',
    });
    setTitle('');
    setFiles([]);
    setSize(null);
    reset();
  }, [state, reset, t]);

  const choose = async (picked: File[]) => {
    setProblem(null);
    // The same check as the new-project picker: type, size and whether the bytes are a readable image.
    const { accepted, rejected } = await checkPicked(picked);
    if (rejected.length) {
      setProblem({
        title: t('picker.rejectedTitle'),
        description: rejected.map((f) => rejectedText(t, f)).join(' '),
        upgrade: false,
      });
    }
    setFiles(accepted);
    setSize(accepted[0] ? await readImageSize(accepted[0]).catch(() => null) : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!title.trim() || !first) {
      setProblem({
        title: t('errors.missingInformation.title'),
        description: t('dashboard.quick.missing'),
        upgrade: false,
      });
      return;
    }
    // The server refuses uploads until the address is confirmed (issue #10): say so before uploading.
    if (user && needsEmailConfirmation(user)) {
      setProblem(emailNotVerifiedText(t, user.email));
      return;
    }
    if (creditsRemaining <= 0) {
      setProblem(submissionProblemText(t, { kind: 'insufficientCredits' }));
      return;
    }
    const lowRes = isLowResolution(size, DASHBOARD_QUALITY_MIN_WIDTH, DASHBOARD_QUALITY_MIN_HEIGHT);
    void run.start({ title, files: [first], ...styleRequest(styleId, ''), concurrency }, [
      { qualityWarning: lowRes, width: size?.width ?? null, height: size?.height ?? null },
    ]);
  };

  const shown = problem ?? (state.status === 'error' ? failureText(t, lang, state.failure) : null);
  const processing = state.status === 'processing';
  const lowRes = isLowResolution(size, DASHBOARD_QUALITY_MIN_WIDTH, DASHBOARD_QUALITY_MIN_HEIGHT);

  return (
    <section
      className="rounded-2xl border bg-card p-5 shadow-sm"
      aria-labelledby={`${ids.title}-h`}
      data-testid="quick-staging"
    >
      {state.status === 'processing' && <ProgressOverlay progress={state.progress} />}
      <h2 id={`${ids.title}-h`} className="font-semibold tracking-tight">
        {t('dashboard.quick.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('dashboard.quick.text')}</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={ids.title}>{t('dashboard.quick.projectTitle')}</Label>
          <Input
            id={ids.title}
            value={title}
            maxLength={PROJECT_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t('dashboard.quick.projectTitlePlaceholder')}
            disabled={processing}
            autoComplete="off"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.file}>{t('dashboard.quick.photo')}</Label>
          <input
            ref={inputRef}
            id={ids.file}
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            className="sr-only"
            aria-describedby={ids.note}
            disabled={processing}
            data-testid="quick-file-input"
            onChange={(e) => {
              const picked = Array.from(e.target.files ?? []);
              e.target.value = '';
              void choose(picked);
            }}
          />
          <Button
            type="button"
            variant="outline"
            className="justify-start font-normal"
            onClick={() => inputRef.current?.click()}
            disabled={processing}
          >
            <ImagePlus aria-hidden />
            <span className="truncate">{first ? first.name : t('dashboard.quick.choose')}</span>
          </Button>
          {files.length > 1 && first && (
            <p className="flex gap-2 text-xs text-muted-foreground" data-testid="only-first">
              <Info className="size-4 shrink-0 text-primary" aria-hidden />
              {t('dashboard.quick.onlyFirst', { count: files.length, name: first.name })}
            </p>
          )}
          {lowRes && size && (
            <p
              className="flex gap-2 text-xs text-amber-700 dark:text-amber-300"
              data-testid="quality-warning"
            >
              <TriangleAlert className="size-4 shrink-0" aria-hidden />
              {t('dashboard.quick.qualityWarning', { width: size.width, height: size.height })}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.style}>{t('dashboard.quick.style')}</Label>
          <Select
            value={styleId}
            onValueChange={(v) => setStyleId(v as Exclude<StyleId, 'custom'>)}
            disabled={processing}
          >
            <SelectTrigger id={ids.style}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {STYLE_LIST.filter((s) => s.id !== 'custom').map((s) => (
                <SelectItem key={s.id} value={s.id}>
                  {s.name[lang]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {shown && (
          <ProblemBox problem={shown} onRetry={run.canRetry && !problem ? run.retry : undefined} />
        )}
        <Button type="submit" disabled={processing} data-testid="quick-submit">
          <Sparkles aria-hidden /> {t('dashboard.quick.submit')}
        </Button>
        <Alert id={ids.note} variant="info" className="p-3 text-xs [&>svg]:size-4">
          <p>{t('dashboard.quick.batchNote')}</p>
        </Alert>
      </form>
    </section>
  );
}
