/**
 * The LESS environment Squarespace's compiler gave a template (docs/templates.md, "The platform's
 * LESS"), on top of LESS 4: the tweak variables of the template's tweaks with their defaults, a
 * compatibility pass for the LESS 1.x syntax the platform accepted, and the platform feature each
 * LESS error concerns, so a developer reads what to change rather than a parser's symptom.
 */

/** A tweak as `template.conf` `tweaks` or a stylesheet's `// tweak: {…}` comment declares it. */
interface Tweak {
  name: string;
  type: string;
  /** A font's properties, or a value's default. */
  value: Record<string, string> | string | null;
}

/** What a font tweak expands to: `@{name}-{property}`, and `@{name}-family`, `-size`, … for the `font-` ones. */
const FONT_PROPERTIES = [
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'text-transform',
  'text-decoration',
];
const FONT_DEFAULTS: Record<string, string> = {
  'font-family': 'inherit',
  'font-size': '1em',
  'font-weight': 'normal',
  'font-style': 'normal',
  'line-height': 'normal',
  'letter-spacing': '0',
  'text-transform': 'none',
  'text-decoration': 'none',
};
const NAME = /^[a-zA-Z][\w-]{0,100}$/;
const TWEAK_COMMENT = /\/\/\s*tweak:\s*(\{.*\})\s*$/gm;

/** `tweak-site-title-font` and `site-title-font` both name `@site-title-font-…`. */
const variableName = (title: string) => title.replace(/^tweak-/, '');

/** `font-family: "A", serif; font-size: 14px` as properties. */
function declarations(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of text.split(';')) {
    const at = part.indexOf(':');
    if (at === -1) continue;
    const property = part.slice(0, at).trim().toLowerCase();
    const value = part.slice(at + 1).trim();
    if (/^[a-z-]+$/.test(property) && value !== '') found[property] = value;
  }
  return found;
}

function tweakOf(declared: unknown, rule: string | null): Tweak | null {
  if (typeof declared !== 'object' || declared === null) return null;
  const json = declared as Record<string, unknown>;
  const title = typeof json.name === 'string' ? json.name : typeof json.title === 'string' ? json.title : '';
  const name = variableName(title);
  if (!NAME.test(name)) return null;
  const type = typeof json.type === 'string' ? json.type : 'value';
  const given = json.default ?? json.value ?? json.active;
  let value: Tweak['value'] = null;
  if (type === 'font') {
    if (typeof given === 'object' && given !== null)
      value = Object.fromEntries(
        Object.entries(given)
          .filter((e): e is [string, string] => typeof e[1] === 'string' || typeof e[1] === 'number')
          .map(([k, v]) => [k, String(v)]),
      );
    else if (typeof given === 'string') value = declarations(given);
    else value = rule === null ? {} : declarations(rule);
  } else if (typeof given === 'string' || typeof given === 'number' || typeof given === 'boolean')
    value = String(given);
  return { name, type, value };
}

/** The tweaks of `template.conf` (`tweaks`: an array, or an object by name) and of the stylesheets' `// tweak:` comments. */
export function tweaksOf(conf: Record<string, unknown>, stylesheets: readonly string[]): Tweak[] {
  const tweaks: Tweak[] = [];
  const declared = conf.tweaks;
  const list = Array.isArray(declared)
    ? declared
    : typeof declared === 'object' && declared !== null
      ? Object.entries(declared).map(([name, t]) => ({ name, ...(t as object) }))
      : [];
  for (const entry of list) {
    const tweak = tweakOf(entry, null);
    if (tweak !== null) tweaks.push(tweak);
  }
  for (const source of stylesheets) {
    for (const match of source.matchAll(TWEAK_COMMENT)) {
      let json: unknown;
      try {
        json = JSON.parse(match[1] as string);
      } catch {
        continue;
      }
      // A font tweak's defaults are the rule right after its comment (`.tweak-site-title-font { … }`).
      const after = source.slice((match.index ?? 0) + match[0].length);
      const rule = /^\s*[^\s{;@][^{;]*\{([^}]*)\}/.exec(after)?.[1] ?? null;
      const tweak = tweakOf(json, rule);
      if (tweak !== null) tweaks.push(tweak);
    }
  }
  return tweaks;
}

/** A value as a LESS variable's value: kept as written when it is plain CSS, else escaped. */
const lessValue = (value: string) =>
  /^[\w#.%,\s"'()/-]*$/.test(value) && !value.includes(';') ? value : `~${JSON.stringify(value)}`;

/**
 * The variables the platform defines for the tweaks, before the template's stylesheets (so a
 * template that defines one itself wins, LESS's last definition): a font tweak `site-title-font`
 * gives `@site-title-font-font-family` and `@site-title-font-family`, `-font-size` and `-size`, …,
 * `-letter-spacing`, `-line-height`, `-text-transform`; a color or value tweak its value.
 */
export function tweakVariables(tweaks: readonly Tweak[]): string {
  const lines: string[] = [];
  for (const tweak of tweaks) {
    if (tweak.type === 'font') {
      const font = typeof tweak.value === 'object' && tweak.value !== null ? tweak.value : {};
      for (const property of FONT_PROPERTIES) {
        const value = lessValue(font[property] ?? FONT_DEFAULTS[property] ?? 'inherit');
        lines.push(`@${tweak.name}-${property}: ${value};`);
        if (property.startsWith('font-')) lines.push(`@${tweak.name}-${property.slice('font-'.length)}: ${value};`);
      }
    } else if (
      typeof tweak.value === 'string' &&
      tweak.value !== '' &&
      tweak.type !== 'checkbox' &&
      tweak.type !== 'dropdown'
    ) {
      lines.push(`@${tweak.name}: ${lessValue(tweak.value)};`);
    }
  }
  return lines.join('\n');
}

/**
 * LESS 1.x syntax the platform compiled and LESS 4 refuses, rewritten line by line (an error's
 * line stays where it was): a selector interpolated as `(~"…")` (`.col-(~"@{i}")`, `(~"@{sel}") {`)
 * is the `…` itself, and a variable as a structural pseudo-class's argument (`:nth-child(@n)`)
 * is interpolated (`:nth-child(@{n})`). A no-break space in a line's indentation (Baldface's Sass
 * has some; dart-sass copies them into the CSS) is the space it stands for: LESS refuses it there.
 */
export function lessCompatible(source: string): string {
  return source
    .split('\n')
    .map((line) => {
      let out = line.replace(/^[ \t\u00a0]+/, (indent) => indent.replaceAll('\u00a0', ' '));
      // Only in a selector: a line that opens a block or lists selectors, holding no declaration.
      if (/\(~["']/.test(out) && /[{,]\s*$/.test(out) && !/^\s*[\w-]+\s*:\s[^{]*;/.test(out))
        out = out.replace(/\(~(["'])(.*?)\1\)/g, '$2');
      return out.replace(/(:nth-(?:child|last-child|of-type|last-of-type)\(\s*)@([\w-]+)/g, '$1@{$2}');
    })
    .join('\n');
}

/** The platform feature a LESS error concerns, for its message; null for a read the importer refused (less-files.ts names its rule). */
export function lessFeature(message: string, source: string | undefined, line: number | undefined): string | null {
  if (message.includes(REFUSED_READ)) return null;
  const text = source === undefined || line === undefined ? '' : (source.split('\n')[line - 1] ?? '');
  const missing = /'?([\w./-]+)'? wasn't found|"([\w./-]+)" was not found/.exec(message);
  const file = missing?.[1] ?? missing?.[2];
  if (file !== undefined && /^(?:sqs-|social-icon-font|svg-icon-templates)/.test(file)) {
    return `a Squarespace system LESS library: the importer provides ${SYSTEM_LIBRARIES.join(', ')}`;
  }
  if (file !== undefined)
    return "an @import: a template's LESS imports its own files by paths relative to the stylesheet, then styles/";
  const variable = /variable (@[\w-]+) is undefined/.exec(message)?.[1];
  if (variable !== undefined) {
    return `a tweak variable or one the template defines: the importer defines one for each tweak (template.conf "tweaks" and "// tweak:" comments), ${variable} is not one of them`;
  }
  if (/\(~["']/.test(text)) return 'LESS 1.x selector interpolation (~"…"): write the selector as .@{name}';
  if (/:nth-[a-z-]+\(/.test(text)) return 'a variable in :nth-child(): write it as @{name}';
  if (/\.[\w-]+\s*\(.*\)\s*;?\s*$/.test(text) && /undefined|No matching definition/.test(message))
    return 'a mixin: it is defined by neither the template nor the system LESS';
  return 'LESS syntax: Squarespace compiled LESS 1.x, the importer compiles LESS 4 (math always, no JavaScript)';
}

/** What every refusal of less-files.ts says. */
const REFUSED_READ = "a template's LESS";

/** The system LESS libraries scripts/site/squarespace-less/ provides, by the names templates import. */
export const SYSTEM_LIBRARIES = ['sqs-grid-breaker', 'social-icon-font', 'sqs-ui-font', 'svg-icon-templates'];
