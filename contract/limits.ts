/** Business constants of spec §9 and DESIGN §4, defined once for web and server. */
export const MAX_IMAGES_PER_PROJECT = 6;
export const RECOMMENDED_MIN_WIDTH = 1024;
export const RECOMMENDED_MIN_HEIGHT = 768;
export const DASHBOARD_QUALITY_MIN_WIDTH = 1280;
export const DASHBOARD_QUALITY_MIN_HEIGHT = 720;
export const CREDITS_PER_IMAGE = 1;
export const DEFAULT_CREDIT_LIMIT = 6;
export const UPGRADE_PAGE_FALLBACK_CREDIT_LIMIT = 50;
/**
 * What a phone photo may weigh (issue 39, decision 059): an iPhone's 48 MP HEIC/JPEG is 6–15 MB, a
 * 50 MP Android JPEG up to ~25 MB. Pixels are bounded separately (50 MP, server/src/objects/image-intake.ts).
 */
export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;
/** Every stored image gets a WebP thumbnail at most this many pixels on its long side (list views use them). */
export const THUMBNAIL_MAX_SIDE = 480;
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif'] as const;
/** File name endings of accepted photos (a HEIC file often arrives without a MIME type). */
export const ACCEPTED_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.heic', '.heif'] as const;
export const ACCOUNT_DELETION_GRACE_DAYS = 7;
export const PROJECT_TITLE_MAX = 120;
export const CUSTOM_STYLE_MAX = 500;
export const INSTRUCTIONS_MAX = 500;
export const PASSWORD_MIN_LENGTH = 8;
export const STAGING_CONCURRENCY = 3;
export const POST_PAYMENT_RELOAD_MS = 1000;
export const POPUP_CLOSE_MS = 2000;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.25;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
