/**
 * `npm start -- --template DIR` (and `npm run site -- watch-template DIR`): the template is imported
 * into the store, then imported again after every change to its folder (debounced), so the next
 * page load shows the edit. A problem is printed here and shown on the page: a stylesheet error as
 * a banner the compiled stylesheet draws, a template.conf or file problem as the same banner over
 * the last template that imported, or over a bare template of the store's content when none has
 * yet (a JSON-T error is the renderer's, in its error panel).
 */
import { watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { sendTemplate, type AdminTarget } from './admin-client.ts';
import {
  COMPILED_STYLESHEET,
  formatTemplateProblem,
  problemsStylesheet,
  readTemplateFolder,
  TemplateFolderError,
  type ReadTemplate,
} from './template.ts';

const DEBOUNCE_MS = 150;

/** What the store shows when the first import fails: the page content in one region, under the banner. */
const BARE_THEME = {
  'template.conf': JSON.stringify({
    name: 'Template import error',
    layouts: { default: { name: 'Default', regions: ['site'] } },
  }),
  'site.region':
    '<!doctype html>\n<html lang="{website.language}"><head>{squarespace-headers}</head><body>{squarespace.main-content}{squarespace-footers}</body></html>',
};

export async function watchTemplate(
  dir: string,
  target: AdminTarget,
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  let lastGood: ReadTemplate | null = null;
  const send = (template: ReadTemplate, theme: Record<string, string>) =>
    sendTemplate(
      target,
      theme,
      template.assets.map((asset) => ({
        path: asset.path,
        read: async () => new Uint8Array(await readFile(asset.file)),
      })),
    );
  const importOnce = async () => {
    const began = performance.now();
    try {
      const template = await readTemplateFolder(dir, { development: true });
      for (const problem of template.styleProblems) log(`template error: ${formatTemplateProblem(problem)}`);
      for (const warning of template.warnings) log(`warning: ${warning}`);
      await send(template, template.theme);
      if (template.styleProblems.length === 0) lastGood = template;
      log(
        `${template.styleProblems.length === 0 ? 'Imported' : 'Imported with errors'} ${dir} (${Math.round(performance.now() - began)} ms): reload the page`,
      );
    } catch (error) {
      if (!(error instanceof TemplateFolderError)) {
        log(`template import failed: ${(error as Error).message}`);
        return;
      }
      for (const problem of error.problems) log(`template error: ${formatTemplateProblem(problem)}`);
      const shown =
        lastGood === null
          ? sendTemplate(target, { ...BARE_THEME, [COMPILED_STYLESHEET]: problemsStylesheet(error.problems) }, [])
          : send(lastGood, { ...lastGood.theme, [COMPILED_STYLESHEET]: problemsStylesheet(error.problems) });
      await shown.catch((e: unknown) => log(`template import failed: ${(e as Error).message}`));
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = importOnce();
  let again = false;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      // One import at a time; a change during an import brings one more after it.
      if (again) return;
      again = true;
      running = running.then(async () => {
        again = false;
        await importOnce();
      });
    }, DEBOUNCE_MS);
  };
  const watcher = watch(dir, { recursive: true }, (_event, name) => {
    if (name !== null && /(^|\/)(\.git|node_modules)(\/|$)/.test(name)) return;
    schedule();
  });
  await running;
  await new Promise<void>((resolve) => {
    const stop = () => {
      watcher.close();
      clearTimeout(timer);
      resolve();
    };
    if (signal?.aborted === true) stop();
    signal?.addEventListener('abort', stop, { once: true });
  });
}
