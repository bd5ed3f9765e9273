/**
 * The progress model of spec §4 (percentages) with DESIGN §4's concurrency: preparing 10%, the
 * uploads move 10→30%, the style is set at 30%, FINISHED images move 30→95%, finalizing 95%,
 * done 100%.
 */
export type StagingStage = 'choosingStyle' | 'preparing' | 'styleSelected' | 'staging' | 'finalizing' | 'done';

export interface StagingProgress {
  stage: StagingStage;
  percent: number;
  /** Images finished in the current stage (uploads while preparing, staged images while staging). */
  done: number;
  total: number;
}

const PREPARE_START = 10;
const UPLOAD_SPAN = 20;
const STAGE_START = 30;
const STAGE_SPAN = 65;
export const FINALIZING_PERCENT = 95;

export const progressAt = {
  start: (total: number): StagingProgress => ({ stage: 'choosingStyle', percent: 0, done: 0, total }),
  preparing: (uploaded: number, total: number): StagingProgress => ({
    stage: 'preparing',
    percent: Math.round(PREPARE_START + (UPLOAD_SPAN * uploaded) / Math.max(1, total)),
    done: uploaded,
    total,
  }),
  styleSelected: (total: number): StagingProgress => ({ stage: 'styleSelected', percent: STAGE_START, done: 0, total }),
  staging: (finished: number, total: number): StagingProgress => ({
    stage: 'staging',
    percent: Math.round(STAGE_START + (STAGE_SPAN * finished) / Math.max(1, total)),
    done: finished,
    total,
  }),
  finalizing: (total: number): StagingProgress => ({ stage: 'finalizing', percent: FINALIZING_PERCENT, done: total, total }),
  done: (total: number): StagingProgress => ({ stage: 'done', percent: 100, done: total, total }),
};

/** "Placing furniture in image N of M": N is the next image to finish, never past M. */
export function currentImageNumber(progress: StagingProgress): number {
  return Math.min(progress.done + 1, progress.total);
}
