import { STYLES, styleIdFromName } from '@contract/styles';

/**
 * The project's style in the reader's language: the API stores the English preset name and
 * description (the prompts are English); a custom style keeps the user's own words.
 */
export function localizedStyle(name: string | null, description: string | null, lang: 'de' | 'en'): { name: string | null; description: string | null } {
  if (!name) return { name: null, description };
  const id = styleIdFromName(name);
  if (id === 'custom') return { name: name === STYLES.custom.styleName ? STYLES.custom.name[lang] : name, description };
  const preset = STYLES[id];
  return { name: preset.name[lang], description: !description || description === preset.description.en ? preset.description[lang] : description };
}
