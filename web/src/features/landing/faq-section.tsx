import { ChevronDown } from 'lucide-react';
import { useTranslation } from '@/i18n/i18n';
import { MAX_UPLOAD_BYTES } from '@contract/limits';
import { CREDIT_PACK_LIST } from '@contract/credit-pack-catalog';
import { PLANS } from '@contract/plans';
import { useLandingVariant } from './landing-variant';
import { SectionHeading } from './section-heading';

const QUESTIONS = ['q1', 'q2', 'q3', 'q8', 'q4', 'q5', 'q6', 'q7'] as const;
/** Texts that name the AI have their own wording where the preview engine stages (decision 039). */
const PREVIEW_WORDING: Partial<Record<(typeof QUESTIONS)[number], ('question' | 'answer')[]>> = {
  q3: ['answer'],
  q6: ['question', 'answer'],
};

/**
 * Spec §1: an FAQ of 5 questions (processing time, recommended resolution, credits, usage, privacy).
 * Native disclosure elements: every answer is in the prerendered HTML (issue #12 item 13), and the
 * accordion needs no script (decision 021).
 */
export function FaqSection() {
  const { t } = useTranslation('landing');
  const preview = useLandingVariant() === 'preview';
  const text = (q: (typeof QUESTIONS)[number], part: 'question' | 'answer') =>
    t(`faq.${q}.${part}${preview && PREVIEW_WORDING[q]?.includes(part) ? 'Preview' : ''}`, values);
  const values = {
    maxMb: MAX_UPLOAD_BYTES / (1024 * 1024),
    freeCredits: PLANS.free.creditsPerMonth,
    seats: PLANS.business.seats,
    businessCredits: PLANS.business.creditsPerMonth,
    proRestages: PLANS.pro.freeRestages.count,
    businessRestages: PLANS.business.freeRestages.count,
    restageDays: PLANS.pro.freeRestages.days,
    smallestPack: CREDIT_PACK_LIST[0]!.credits,
    largestPack: CREDIT_PACK_LIST[CREDIT_PACK_LIST.length - 1]!.credits,
  };
  return (
    <section
      id="faq"
      aria-labelledby="faq-title"
      className="scroll-mt-20 border-t bg-muted/40 py-20 sm:py-28"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-16">
        <div>
          <SectionHeading
            id="faq-title"
            eyebrow={t('faq.eyebrow')}
            title={t('faq.title')}
            align="left"
          />
          <p className="mt-4 text-pretty text-muted-foreground">
            {t('faq.subtitle')}{' '}
            {/* The operator's address is configuration (COMPANY_*), which the prerendered page cannot know. */}
            <a
              href="/impressum"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('faq.contactLink')}
            </a>
            .
          </p>
        </div>
        <div className="rounded-2xl border bg-card px-5 shadow-xs sm:px-7" data-testid="faq">
          {QUESTIONS.map((q) => (
            // One open at a time (`name`), the first open to start with; works without scripts.
            <details
              key={q}
              name="faq"
              open={q === 'q1'}
              className="group border-b last:border-b-0"
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left text-base font-medium transition-all hover:text-primary focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                <h3>{text(q, 'question')}</h3>
                <ChevronDown
                  className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
                  aria-hidden
                />
              </summary>
              {/* The 15 px answer keeps the small text's line height. */}
              <div className="text-sm text-muted-foreground">
                <div className="pb-5 text-[15px]">{text(q, 'answer')}</div>
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
