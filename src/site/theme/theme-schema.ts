/**
 * What a stored theme may be: our own layout (themes/default) or a developer-platform template
 * (docs/templates.md), both a map of relative path → text. The caps bound what one site's shell
 * holds in its content object and in every isolate that renders it; a template's binary files live
 * in R2 instead (src/routes/pages/template-assets.ts).
 */
import { z } from 'zod';

export const THEME_LIMITS = {
  /** Files in one theme: the largest real templates have a few hundred. */
  files: 600,
  /** Characters in one file (a compiled stylesheet is the largest). */
  fileChars: 1_000_000,
  /** Characters in the whole theme. */
  totalChars: 6_000_000,
} as const;

/** A template's static files, stored in R2 apart from the theme. */
export const TEMPLATE_ASSET_LIMITS = {
  files: 1000,
  fileBytes: 8 * 1024 * 1024,
} as const;

/** A relative path of plain segments: no leading slash, no `.` or `..`, no backslashes. */
export const THEME_PATH = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[\w@+-][\w@+.-]*(?:\/[\w@+-][\w@+.-]*)*$/;
const MAX_PATH = 300;

export const themePath = z
  .string()
  .max(MAX_PATH)
  .regex(THEME_PATH, 'a theme file path is relative, of letters, digits and . _ - @ +');

/**
 * A template's static file path: under assets/ or scripts/, plain segments as in THEME_PATH where a
 * name may also hold spaces after its first character (Squarespace serves `assets/My Logo.png`,
 * which pages and stylesheets link URL-encoded).
 */
export const TEMPLATE_ASSET_PATH = /^(?:assets|scripts)(?!.*\/\.{1,2}(?:\/|$))(?:\/[\w@+-][\w@+. -]*)+$/;

export const templateAssetPath = z
  .string()
  .max(MAX_PATH)
  .regex(
    TEMPLATE_ASSET_PATH,
    'a template asset lives under assets/ or scripts/, its path of letters, digits, spaces and . _ - @ +',
  );

export const themeSchema = z
  .record(
    themePath,
    z.string().max(THEME_LIMITS.fileChars, `a theme file holds at most ${THEME_LIMITS.fileChars} characters`),
  )
  .superRefine((theme, context) => {
    const entries = Object.entries(theme);
    if (entries.length > THEME_LIMITS.files)
      context.addIssue({
        code: 'custom',
        message: `a theme holds at most ${THEME_LIMITS.files} files, not ${entries.length}`,
      });
    const total = entries.reduce((sum, [, text]) => sum + text.length, 0);
    if (total > THEME_LIMITS.totalChars)
      context.addIssue({
        code: 'custom',
        message: `a theme holds at most ${THEME_LIMITS.totalChars} characters in all, not ${total}`,
      });
  });

/** Which upload of a template's static files the theme uses (R2 keys `tpl/{websiteId}/{generation}/{path}`). */
export const templateAssetsSchema = z.object({ generation: z.string().regex(/^[0-9a-f]{32}$/) });
export type TemplateAssets = z.infer<typeof templateAssetsSchema>;
