/**
 * A form's settings as the console saves them (`PUT /api/console/forms/{id}/settings`): the success URL the visitor
 * goes to after a submission (spec S47), checked by the site schema's own piece, so the console refuses what an
 * import would; empty, the form shows its submission message.
 */
import { z } from 'zod';
import { successRedirectUrl } from '../model/schema';

export const formSettingsSchema = z.object({
  successRedirectUrl: z
    .string()
    .trim()
    .superRefine((url, context) => {
      if (url === '') return;
      const checked = successRedirectUrl.safeParse(url);
      for (const issue of checked.error?.issues ?? [])
        context.addIssue({ code: 'custom', message: `The success URL ${issue.message}.` });
    }),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;
