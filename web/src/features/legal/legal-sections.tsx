import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/i18n';

export interface LegalSection {
  id?: string;
  title: string;
  p?: string[];
  list?: string[];
  after?: string[];
}

/** Numbered sections (title, paragraphs, an optional list and closing paragraphs) with a table of contents. */
export function LegalSections({
  sections,
  slot,
  showToc,
}: {
  sections: LegalSection[];
  slot?(section: LegalSection): ReactNode;
  showToc: boolean;
}) {
  const { t } = useTranslation('legal');
  const anchor = (section: LegalSection, index: number) => `section-${section.id ?? index}`;
  return (
    <div
      className={
        showToc ? 'mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-16' : 'mt-10'
      }
    >
      <div className="min-w-0 max-w-3xl space-y-10">
        {sections.map((section, index) => (
          <section
            key={anchor(section, index)}
            id={anchor(section, index)}
            aria-labelledby={`${anchor(section, index)}-title`}
            className="scroll-mt-24"
          >
            <h2
              id={`${anchor(section, index)}-title`}
              className="text-xl font-semibold tracking-tight"
            >
              {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-foreground/85">
              {section.p?.map((text) => (
                <p key={text}>{text}</p>
              ))}
              {section.list && (
                <ul className="list-disc space-y-1.5 pl-5 marker:text-primary">
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {slot?.(section)}
              {section.after?.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
      {showToc && (
        <nav aria-labelledby="legal-toc-title" className="hidden lg:block">
          <div className="sticky top-24 rounded-2xl border bg-card p-5">
            <h2
              id="legal-toc-title"
              className="text-xs font-semibold uppercase tracking-wider text-muted-foreground"
            >
              {t('contents')}
            </h2>
            <ol className="mt-3 space-y-2 text-sm">
              {sections.map((section, index) => (
                <li key={anchor(section, index)}>
                  <a
                    href={`#${anchor(section, index)}`}
                    className="block rounded-sm text-muted-foreground transition-colors hover:text-foreground"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
      )}
    </div>
  );
}
