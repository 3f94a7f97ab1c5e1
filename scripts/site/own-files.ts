/**
 * The one walk of a folder the user names (a store folder, a template folder): its own files, by
 * lstat, never through a symbolic link. A link anywhere in it (to a file or a folder, dangling or
 * not) and anything that is neither a file nor a folder (a FIFO, a device, a socket) is a problem
 * naming its path, and is neither read nor listed: a link would otherwise send whatever it points
 * at (`theme/x.css -> ../../.dev.vars`, `/proc/self/environ`) to the store.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface NotOwnFile {
  /** The '/'-separated path under the folder. */
  file: string;
  message: string;
}

export interface OwnFiles {
  /** The regular files, '/'-separated paths under the folder, in a fixed order (each folder's names sorted). */
  files: string[];
  problems: NotOwnFile[];
}

/**
 * Every regular file under `dir`. `whose` names the folder in the link message ("a template's").
 * Names in `skipped` (a repository's `.git`, `node_modules`) are not looked at; with `dotFiles:
 * false` other dot files and folders are left out, but a dot-named link is still a problem.
 */
export function ownFiles(
  dir: string,
  whose: string,
  options: { skipped?: ReadonlySet<string>; dotFiles?: boolean } = {},
): OwnFiles {
  const files: string[] = [];
  const problems: NotOwnFile[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      if (options.skipped?.has(name) === true) continue;
      const path = join(at, name);
      const file = relative(dir, path).split(sep).join('/');
      const stat = lstatSync(path);
      if (stat.isSymbolicLink())
        problems.push({
          file,
          message: `is a symbolic link: ${whose} files must be its own, not links to files elsewhere`,
        });
      else if (options.dotFiles === false && name.startsWith('.')) continue;
      else if (stat.isDirectory()) walk(path);
      else if (stat.isFile()) files.push(file);
      else problems.push({ file, message: 'is not a regular file' });
    }
  };
  walk(dir);
  return { files, problems };
}
