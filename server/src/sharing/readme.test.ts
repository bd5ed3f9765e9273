import { describe, expect, it } from 'vitest';
import { RENOVATION_LABEL } from '../../../contract/renovation.js';
import { listingReadme } from './readme.js';

/** The zip's readme for a renovation project (decision 062): each edited photo named as a renovation preview, and the listing rule. */
describe('listing readme of a renovation project', () => {
  const entries = [
    { name: '01-altbau.jpg', key: 'k1', labelled: false },
    { name: '01-altbau-original.jpg', key: 'k2', labelled: false },
  ];
  for (const language of ['de', 'en'] as const) {
    it(`${language}: names the edited photo a renovation preview and the listing rule; a staging project's readme does not`, () => {
      const base = { language, title: 'Altbau', entries, brand: null, publicUrl: 'https://raumwerk.example', engine: 'preview' as const };
      const text = listingReadme({ ...base, renovation: true }).content.toString('utf8');
      expect(text).toContain(`01-altbau.jpg  ${language === 'de' ? 'Foto' : 'Photo'} 1, ${RENOVATION_LABEL[language]}`);
      expect(text).toContain('CRMLS');
      const staging = listingReadme(base).content.toString('utf8');
      expect(staging).not.toContain(RENOVATION_LABEL[language]);
      expect(staging).not.toContain('CRMLS');
    });
  }
});
