import type { PublicConfigResponse } from './public-config.js';

/*
 * What the landing page and the engine badges need of the configuration, without its zod schema: the
 * prerendered landing page loads this module at once, and zod (~24 KB gzip) stays out of its first
 * visit (issue #37).
 */

/** The built-in engine that renders previews without an AI service (STAGING_ENGINE=offline). */
export const PREVIEW_ENGINE = 'offline';

/** Whether an image's or the server's engine is the preview engine. */
export const isPreviewEngine = (engine: string | null | undefined): boolean => engine?.split(':')[0] === PREVIEW_ENGINE;

/**
 * The prerendered landing page comes in one variant per kind of engine (decision 039), so its
 * promises and examples follow what this server delivers: `ai` for a provider engine (photorealistic,
 * can also empty rooms), `preview` for the built-in preview engine (and the benchmarks' stub).
 */
export const LANDING_VARIANTS = ['preview', 'ai'] as const;
export type LandingVariant = (typeof LANDING_VARIANTS)[number];

export function landingVariant(config: Pick<PublicConfigResponse, 'stagingEngine' | 'furnitureRemoval'>): LandingVariant {
  return !isPreviewEngine(config.stagingEngine) && config.furnitureRemoval ? 'ai' : 'preview';
}

/** The configuration facts a landing variant stands for (what the prerender renders it with). */
export function landingVariantConfig(variant: LandingVariant): Pick<PublicConfigResponse, 'stagingEngine' | 'furnitureRemoval'> {
  return variant === 'ai' ? { stagingEngine: 'ai', furnitureRemoval: true } : { stagingEngine: PREVIEW_ENGINE, furnitureRemoval: false };
}
