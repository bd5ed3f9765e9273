import { z } from 'zod';
import { CUSTOM_STYLE_MAX, INSTRUCTIONS_MAX, PROJECT_TITLE_MAX } from '@contract/limits';
import { STYLE_IDS, STYLES, type StyleId } from '@contract/styles';

/** Field rules of the staging form; messages are keys under `newProject.*`. */
export const stagingFormSchema = z
  .object({
    title: z.string().max(PROJECT_TITLE_MAX, { message: 'tooLong' }),
    styleId: z.enum(STYLE_IDS),
    customDescription: z.string().max(CUSTOM_STYLE_MAX, { message: 'tooLong' }),
    instructions: z.string().max(INSTRUCTIONS_MAX, { message: 'tooLong' }),
  })
  .superRefine((values, ctx) => {
    if (values.styleId === 'custom' && !values.customDescription.trim()) {
      ctx.addIssue({ code: 'custom', path: ['customDescription'], message: 'customRequired' });
    }
  });

export type StagingFormValues = z.infer<typeof stagingFormSchema>;

export const stagingFormDefaults: StagingFormValues = {
  title: '',
  styleId: 'modern',
  customDescription: '',
  instructions: '',
};

/** styleName/styleDescription sent to the API: the preset's English wording (the prompts are English), or the user's text. */
export function styleRequest(
  styleId: StyleId,
  customDescription: string,
): { styleName: string; styleDescription: string } {
  if (styleId === 'custom')
    return { styleName: STYLES.custom.styleName, styleDescription: customDescription.trim() };
  return { styleName: STYLES[styleId].styleName, styleDescription: STYLES[styleId].description.en };
}
