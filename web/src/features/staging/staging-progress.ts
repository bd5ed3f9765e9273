import type { RunStage } from '@contract/staging-runs';

/**
 * The progress model of spec §4 (percentages) with DESIGN §4's concurrency: preparing 10%, the
 * uploads move 10→30%, the style is set at 30%, FINISHED images move 30→95%, finalizing 95%,
 * done 100%.
 */
export type StagingStage =
  'choosingStyle' | 'preparing' | 'styleSelected' | 'staging' | 'finalizing' | 'done';

export interface StagingProgress {
  stage: StagingStage;
  percent: number;
  /** Images finished in the current stage (uploads while preparing, staged images while staging). */
  done: number;
  total: number;
  /** While staging: what the server last said about an image still running (decision 022). */
  activity?: ImageActivity;
  /** While staging: every image of the run in order, with its step or its result (issue 35: each shows as it finishes). */
  images?: ImageProgress[];
  /** While staging: a run's progress stream is cut and being reconnected (the run goes on at the server). */
  connectionLost?: boolean;
  /** While preparing: bytes of the photos sent so far of their total, and whether an upload waits to be tried again (issue 39). */
  upload?: { sent: number; size: number; retrying: boolean };
}

/** One image of a run in the progress dialog: not sent yet, its run's step, or how it ended. */
export interface ImageProgress {
  imageNumber: number;
  step: 'waiting' | ImageActivity['step'] | 'staged' | 'failed';
  /** The staged image (`/users/...`), once it is there. */
  stagedPath?: string;
  /** Place in the staging queue while `queued`. */
  position?: number;
}

/**
 * What the run waits for: the first image (in order) that is not finished yet, with its step. Images
 * finish, they never un-finish, so this only moves forward (issue 35: the text jumped from image 3
 * back to image 1 when reports of parallel images arrived in another order).
 */
export function waitingFor(images: ImageProgress[] | undefined): ImageProgress | undefined {
  return images?.find((image) => image.step !== 'staged' && image.step !== 'failed');
}

/** One running image's step as its run's events report it. */
export interface ImageActivity {
  imageNumber: number;
  step: 'queued' | RunStage;
  /** Place in the staging queue while `queued`. */
  position?: number;
}

/** How far a running image is, by its step: moves the bar between finished images. */
const STEP_SHARE: Record<ImageActivity['step'], number> = {
  queued: 0,
  generating: 0.15,
  locking: 0.6,
  retrying: 0.35,
  finishing: 0.85,
};

/** The sum of the running images' shares, for `progressAt.staging`. */
export function runningShare(steps: Iterable<ImageActivity['step']>): number {
  let share = 0;
  for (const step of steps) share += STEP_SHARE[step];
  return share;
}

const PREPARE_START = 10;
const UPLOAD_SPAN = 20;
const STAGE_START = 30;
const STAGE_SPAN = 65;
export const FINALIZING_PERCENT = 95;

export const progressAt = {
  start: (total: number): StagingProgress => ({
    stage: 'choosingStyle',
    percent: 0,
    done: 0,
    total,
  }),
  /** `upload`: the bytes sent of all photos; the bar then moves with them, not only per finished photo. */
  preparing: (
    uploaded: number,
    total: number,
    upload?: StagingProgress['upload'],
  ): StagingProgress => ({
    stage: 'preparing',
    percent: Math.round(
      PREPARE_START +
        UPLOAD_SPAN *
          (upload && upload.size > 0
            ? Math.max(uploaded / Math.max(1, total), Math.min(1, upload.sent / upload.size))
            : uploaded / Math.max(1, total)),
    ),
    done: uploaded,
    total,
    ...(upload ? { upload } : {}),
  }),
  styleSelected: (total: number): StagingProgress => ({
    stage: 'styleSelected',
    percent: STAGE_START,
    done: 0,
    total,
  }),
  /** `running`: the running images' progress in images (runningShare), `activity`: the latest report. */
  staging: (
    finished: number,
    total: number,
    running = 0,
    activity?: ImageActivity,
  ): StagingProgress => ({
    stage: 'staging',
    percent: Math.round(
      STAGE_START + (STAGE_SPAN * Math.min(total, finished + running)) / Math.max(1, total),
    ),
    done: finished,
    total,
    ...(activity ? { activity } : {}),
  }),
  finalizing: (total: number): StagingProgress => ({
    stage: 'finalizing',
    percent: FINALIZING_PERCENT,
    done: total,
    total,
  }),
  done: (total: number): StagingProgress => ({ stage: 'done', percent: 100, done: total, total }),
};

/** "Placing furniture in image N of M": N is the next image to finish, never past M. */
export function currentImageNumber(progress: StagingProgress): number {
  return Math.min(progress.done + 1, progress.total);
}
