import { useTranslation } from '@/i18n/i18n';
import { MAX_UPLOAD_BYTES } from '@contract/limits';
import { PLANS } from '@contract/plans';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import { COMPANY } from '@/lib/company';
import { SectionHeading } from './section-heading';

const QUESTIONS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'] as const;

/** Spec §1: an FAQ of 5 questions (processing time, recommended resolution, credits, usage, privacy). */
export default function FaqSection() {
  const { t } = useTranslation('landing');
  const values = {
    maxMb: MAX_UPLOAD_BYTES / (1024 * 1024),
    freeCredits: PLANS.free.creditsPerMonth,
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
            <a
              href={`mailto:${COMPANY.email}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {COMPANY.email}
            </a>
          </p>
        </div>
        <Accordion
          type="single"
          collapsible
          defaultValue="q1"
          className="rounded-2xl border bg-card px-5 shadow-xs sm:px-7"
          data-testid="faq"
        >
          {QUESTIONS.map((q) => (
            <AccordionItem key={q} value={q} className="last:border-b-0">
              <AccordionTrigger>{t(`faq.${q}.question`)}</AccordionTrigger>
              <AccordionContent className="text-[15px]">
                {t(`faq.${q}.answer`, values)}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}
