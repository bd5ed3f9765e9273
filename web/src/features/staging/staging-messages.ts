import type { TFunction } from '@/i18n/i18n';
import { MAX_UPLOAD_MB } from './selected-images';
import type { ImageFailure, StagingFailure } from './staging-run';
import type { SubmissionProblem } from './staging-validation';

export interface ProblemText {
  title: string;
  description: string;
  detail?: string;
  /** Show the Upgrade button (opens the subscription modal). */
  upgrade: boolean;
  /** Offer "Try again" for the failed photo (the geometry lock refused the AI's result). */
  retry?: boolean;
}

const KNOWN_CODES = [
  'insufficient_credits',
  'staging_failed',
  'staging_refused',
  'staging_timeout',
  'image_limit_reached',
  'unprocessable_image',
  'unsupported_media_type',
  'heic_unreadable',
  'payload_too_large',
  'rate_limited',
  'service_unavailable',
  'not_found',
  'conflict',
  'structure_changed',
  'nothing_staged',
  'duplicate_result',
  'email_not_verified',
  'upload_quota_exceeded',
  'engine_cannot_declutter',
] as const;

/**
 * The server's sentence for a failed image. The server writes English; in German a known error code
 * is shown in German instead, an unknown one a general German sentence (never the English words).
 */
export function serverReason(
  t: TFunction,
  language: string,
  reason: string | null,
  code?: string,
): string {
  if (reason === null) return t('errors.noProcessedPath');
  if (language.startsWith('en')) return reason;
  return code && (KNOWN_CODES as readonly string[]).includes(code)
    ? t(`serverErrors.${code}`, { maxMb: MAX_UPLOAD_MB })
    : t('errors.generic');
}

export function submissionProblemText(t: TFunction, problem: SubmissionProblem): ProblemText {
  switch (problem.kind) {
    case 'missingInformation':
      return {
        title: t('errors.missingInformation.title'),
        description: t('errors.missingInformation.text'),
        upgrade: false,
      };
    case 'imageCount':
      return {
        title: t('errors.missingInformation.title'),
        description: t('errors.imageCount'),
        upgrade: false,
      };
    case 'insufficientCredits':
      return {
        title: t('errors.insufficientCredits.title'),
        description: t('errors.insufficientCredits.text'),
        upgrade: true,
      };
    case 'creditLimit':
      return {
        title: t('errors.creditLimit.title'),
        description: t('errors.creditLimit.text'),
        detail: problem.needed
          ? t('listing.tooManyForCredits', {
              credits: problem.credits,
              needed: problem.needed,
              count: problem.credits,
            })
          : t('errors.creditLimit.detail', {
              credits: problem.credits,
              images: problem.images,
              count: problem.credits,
            }),
        upgrade: true,
      };
  }
}

export function failureText(t: TFunction, language: string, failure: StagingFailure): ProblemText {
  switch (failure.kind) {
    case 'createProject':
      return { title: t('errors.createProject'), description: t('errors.generic'), upgrade: false };
    case 'upload':
      return {
        title: t('errors.upload.title'),
        description: uploadText(t, failure),
        upgrade: false,
      };
    case 'insufficientCredits':
      return {
        title: t('errors.insufficientCredits.title'),
        description: t('errors.insufficientCredits.text'),
        upgrade: true,
      };
    case 'timeout':
      return {
        title: t('errors.timeout.title'),
        description: timeoutText(t, failure),
        upgrade: false,
      };
    case 'image':
      if (failure.code === 'structure_changed') {
        return {
          title: t('errors.structureChanged.title'),
          description: t('errors.structureChanged.text', { n: failure.imageNumber }),
          upgrade: false,
          retry: true,
        };
      }
      return {
        title: t('errors.processImage'),
        description: t('errors.imageFailed', {
          n: failure.imageNumber,
          reason: serverReason(t, language, failure.reason, failure.code),
        }),
        upgrade: failure.code === 'insufficient_credits',
      };
    case 'emailNotVerified':
      return emailNotVerifiedText(t);
    case 'loggedOut':
      return {
        title: t('errors.loggedOut.title'),
        description: t('errors.loggedOut.text'),
        upgrade: false,
      };
    case 'generic':
      return { title: t('errors.processImage'), description: t('errors.generic'), upgrade: false };
  }
}

/** Why one photo of a partial run was not staged, as its tile says it. */
export function imageFailureReason(t: TFunction, language: string, failure: ImageFailure): string {
  switch (failure.kind) {
    case 'insufficientCredits':
      return t('errors.insufficientCredits.text');
    case 'generic':
      return t('errors.generic');
    case 'upload':
      return uploadText(t, failure);
    case 'timeout':
      return timeoutText(t, failure);
    case 'image':
      if (failure.code === 'structure_changed')
        return t('errors.structureChanged.text', { n: failure.imageNumber });
      return serverReason(t, language, failure.reason, failure.code);
  }
}

/** Why an upload failed: a refused file or a full upload quota says so (issue #23), else the connection. */
function uploadText(t: TFunction, failure: Extract<StagingFailure, { kind: 'upload' }>): string {
  // Too many unused uploads (issue #10's storage quota) is the user's to resolve: say how.
  if (failure.code === 'upload_quota_exceeded') return t('serverErrors.upload_quota_exceeded');
  if (
    failure.code === 'unprocessable_image' ||
    failure.code === 'unsupported_media_type' ||
    failure.code === 'heic_unreadable' ||
    failure.code === 'payload_too_large'
  ) {
    return t('errors.upload.refused', {
      n: failure.imageNumber,
      reason: t(`serverErrors.${failure.code}`, { maxMb: MAX_UPLOAD_MB }),
    });
  }
  return t('errors.upload.text', { n: failure.imageNumber });
}

function timeoutText(t: TFunction, failure: Extract<StagingFailure, { kind: 'timeout' }>): string {
  return t(`errors.timeout.${failure.stage}`, { n: failure.imageNumber ?? 1 });
}

/** The server refused staging because the address is unconfirmed (403 email_not_verified, issue #10). */
export function emailNotVerifiedText(t: TFunction, email?: string): ProblemText {
  return {
    title: t('errors.emailNotVerified.title'),
    description: email
      ? t('errors.emailNotVerified.text', { email })
      : t('errors.emailNotVerified.textNoEmail'),
    upgrade: false,
  };
}
