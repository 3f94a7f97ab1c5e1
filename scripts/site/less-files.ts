/**
 * What LESS may read (docs/templates.md, "What a template's LESS may read"): every LESS compile
 * passes `lessFilesOf(folder, files)` as its plugin, whose file manager answers every name LESS
 * asks for (`@import`, `data-uri`, `image-size`, `@plugin`), sync and async, so LESS's own file and
 * URL managers are never asked. It reads only the template's own files (those the importer listed:
 * no dot files, no node_modules, no links) and the system LESS, by relative names, with no
 * symbolic link on the way; it refuses absolute paths, URLs, names that leave those folders, and
 * `@plugin` (JavaScript) altogether.
 */
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import less, { type FileManager, type LoadedFile, type LoadOptions, type Plugin } from 'less';

/** Stylesheets Squarespace's own LESS compiler lets a template import by name (`@import 'sqs-grid-breaker';`). */
export const SYSTEM_LESS = fileURLToPath(new URL('./squarespace-less', import.meta.url));

/** A name with a scheme (`http:`, `file:`, `data:`) or protocol-relative (`//host/…`). */
const URL_NAME = /^(?:[a-z][a-z\d+.-]*:|[/\\]{2})/i;
/** LESS's own rule for a name that already has an extension (`tryAppendExtension`). */
const HAS_EXTENSION = /(\.[a-z]*$)|([?;].*)$/;
const RULE = "a template's LESS reads only its own files and the system LESS";

/** A refusal in the shape LESS reports: it adds the importing file, line and column. */
class Refused {
  readonly type = 'File';
  constructor(
    readonly message: string,
    readonly missing = false,
  ) {}
}

/** `path` as a '/'-separated path under `root`, or null when it is not under it. */
function under(root: string, path: string): string | null {
  const rel = relative(root, path);
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? null : rel.split(sep).join('/');
}

class ConfinedFileManager extends less.AbstractFileManager implements FileManager {
  private readonly template: string;
  private readonly system = realpathSync(SYSTEM_LESS);

  constructor(
    folder: string,
    private readonly files: ReadonlySet<string>,
  ) {
    super();
    this.template = realpathSync(folder);
  }

  supports(): boolean {
    return true;
  }

  supportsSync(): boolean {
    return true;
  }

  /** The file LESS asked for, from the importing file's folder, then the search paths; a Refused when it may not be read. */
  private find(name: string, currentDirectory: string, options: LoadOptions): LoadedFile | Refused {
    if (options.mime === 'application/javascript')
      return new Refused(`@plugin ${JSON.stringify(name)} is refused: a template's LESS cannot run JavaScript`);
    if (URL_NAME.test(name))
      return new Refused(
        `${JSON.stringify(name)} is a URL: ${RULE} (a stylesheet on another host stays a CSS @import)`,
      );
    if (isAbsolute(name))
      return new Refused(`${JSON.stringify(name)} is an absolute path: ${RULE}, by paths relative to the stylesheet`);
    const file = options.ext !== undefined && !HAS_EXTENSION.test(name) ? `${name}${options.ext}` : name;
    let outside = 0;
    const folders = [currentDirectory, ...(options.paths ?? [])];
    for (const folder of folders) {
      const path = resolve(folder, file);
      const inTemplate = under(this.template, path);
      if (inTemplate === null && under(this.system, path) === null) {
        outside++;
        continue;
      }
      if (inTemplate !== null && !this.files.has(inTemplate)) {
        if (existsSync(path))
          return new Refused(
            `${JSON.stringify(name)} is not part of the template (dot files and node_modules are left out): ${RULE}`,
          );
        continue;
      }
      let real: string;
      try {
        real = realpathSync(path);
      } catch {
        continue;
      }
      // Under a real root, a path whose real path differs went through a symbolic link.
      if (real !== path) return new Refused(`${JSON.stringify(name)} is or goes through a symbolic link: ${RULE}`);
      if (!lstatSync(path).isFile()) continue;
      return {
        filename: path,
        contents: options.rawBuffer === true ? readFileSync(path) : readFileSync(path, 'utf-8'),
      };
    }
    if (outside === folders.length)
      return new Refused(`${JSON.stringify(name)} is outside the template folder: ${RULE}`);
    return new Refused(`${JSON.stringify(name)} was not found`, true);
  }

  loadFile(name: string, currentDirectory: string, options: LoadOptions): Promise<LoadedFile> {
    const found = this.find(name, currentDirectory, options);
    return found instanceof Refused ? Promise.reject(found) : Promise.resolve(found);
  }

  /** For `data-uri` and `image-size`: a refusal throws (an error at the call); a missing file is LESS's `{ error }` (data-uri keeps the url()). */
  loadFileSync(name: string, currentDirectory: string, options: LoadOptions): LoadedFile | { error: Refused } {
    const found = this.find(name, currentDirectory, options);
    if (!(found instanceof Refused)) return found;
    if (found.missing) return { error: found };
    throw found;
  }
}

/**
 * The plugin every LESS compile of a template passes: the files of `folder` that `files` lists
 * ('/'-separated paths under it), the system LESS, nothing else.
 */
export function lessFilesOf(folder: string, files: readonly string[]): Plugin {
  return {
    install(_less, pluginManager) {
      pluginManager.addFileManager(new ConfinedFileManager(folder, new Set(files)));
    },
  };
}
