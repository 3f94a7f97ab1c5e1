/**
 * Form field rules (storefront spec §3, §5), the same in the browser and on the server: the shape
 * each field type's value takes, and the message a failing value gets.
 */
import { FORM_MESSAGES } from './messages';

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'currency',
  'number',
  'website',
  'password',
  'twitter',
  'date',
  'time',
  'name',
  'address',
  'phone',
  'section',
  'radio',
  'checkbox',
  'select',
  'likert',
  'hidden',
] as const;

export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export interface FormField {
  id: string;
  type: FormFieldType;
  title: string;
  required?: boolean;
  options?: string[];
  /** Applies only while the site's `formFieldMaxLength` feature flag is on (`fieldsUnderFlags`). */
  maxLength?: number;
  /** A phone field shows its country-code part (engine spec §3 `showCountryCode`); without it the number has three parts. */
  showCountryCode?: boolean;
  /** A section heading drawn with a rule under it (engine spec §3 `underline`). */
  underline?: boolean;
  /** A hidden field's key: the page URL's query parameter that fills it (engine spec §3 hidden `key`); its id when unset. */
  key?: string;
  /** A hidden field's value when the page URL has no query parameter of its key. */
  defaultValue?: string;
}

export type FieldValue = string | string[] | Record<string, string>;
export type FormValues = Record<string, FieldValue>;

/** The field messages live with the submit messages (messages.ts), where the storefront catalogue reads them too. */
export { FORM_MESSAGES };

/** The parts of multi-part fields, as the summary formatters name them. */
export const FIELD_PARTS: Partial<Record<FormFieldType, readonly string[]>> = {
  name: ['First', 'Last'],
  address: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
  date: ['Month', 'Day', 'Year'],
  time: ['Hour', 'Minute', 'Second', 'Ampm'],
  phone: ['Country', 'Areacode', 'Prefix', 'Line'],
};

/** The parts a field is typed in: a phone's country code only when the field shows it (the server adds it back empty). */
export function fieldParts(field: FormField): readonly string[] | undefined {
  const parts = FIELD_PARTS[field.type];
  return field.type === 'phone' && field.showCountryCode !== true ? parts?.slice(1) : parts;
}

/** The hidden fields' values (storefront spec §3): the query parameter named by the field's key (else its id), else its default. */
export function hiddenValues(fields: readonly FormField[], query: URLSearchParams): FormValues {
  const values: FormValues = {};
  for (const field of fields)
    if (field.type === 'hidden') values[field.id] = query.get(field.key ?? field.id) ?? field.defaultValue ?? '';
  return values;
}

/**
 * A site form's fields as its website's feature flags allow (engine spec §3: a textarea's maxLength
 * only when a feature flag is on): without `formFieldMaxLength` no field has a maximum length. The
 * page (counter, browser check) and the server's check both read the fields through this.
 */
export function fieldsUnderFlags(fields: readonly FormField[], maxLengthOn: boolean): FormField[] {
  return maxLengthOn ? [...fields] : fields.map(({ maxLength: _dropped, ...field }) => field);
}

/** Parts a required multi-part field must have (the phone's three-part rule: all but the country code). */
const REQUIRED_PARTS: Partial<Record<FormFieldType, readonly number[]>> = {
  name: [0, 1],
  address: [0, 2, 4, 5],
  date: [0, 1, 2],
  time: [0, 1],
  phone: [1, 2, 3],
};

/** Longest text any single value may have. */
export const MAX_VALUE_LENGTH = 10_000;
const MAX_URL_LENGTH = 2083;

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;
const TWITTER = /^@?[a-z0-9_]{1,15}$/i;
const PHONE_PART = /^[\d\s().+-]*$/;

/** A phone value has four parts; with only three, the country code is the missing first one. */
export function phoneParts(value: readonly string[]): string[] {
  return value.length === 3 ? ['', ...value] : [...value];
}

export function isValidEmail(text: string): boolean {
  return text.length >= 3 && text.length <= 256 && EMAIL.test(text);
}

function isEmpty(value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((part) => part.trim() === '');
  return Object.keys(value).length === 0;
}

function isWebsite(text: string): boolean {
  if (text.length > MAX_URL_LENGTH) return false;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

function inRange(text: string | undefined, min: number, max: number): boolean {
  const n = Number(text);
  return text !== undefined && /^\d{1,4}$/.test(text.trim()) && n >= min && n <= max;
}

function isDate(parts: readonly string[]): boolean {
  const [month, day, year] = parts;
  return inRange(month, 1, 12) && inRange(day, 1, 31) && year !== undefined && /^\d{4}$/.test(year.trim());
}

function isTime(parts: readonly string[]): boolean {
  const [hour, minute, second = '0'] = parts;
  return inRange(hour, 0, 23) && inRange(minute, 0, 59) && (second.trim() === '' || inRange(second, 0, 59));
}

function textProblem(field: FormField, text: string): string | null {
  if (text.length > MAX_VALUE_LENGTH) return FORM_MESSAGES.tooLong;
  switch (field.type) {
    case 'textarea':
      return field.maxLength !== undefined && field.maxLength > 0 && text.length > field.maxLength
        ? FORM_MESSAGES.tooLong
        : null;
    case 'email':
      return isValidEmail(text.trim()) ? null : FORM_MESSAGES.email;
    case 'number':
    case 'currency':
      return Number.isFinite(Number(text.trim().replace(/,/g, ''))) ? null : FORM_MESSAGES.number;
    case 'website':
      return isWebsite(text.trim()) ? null : FORM_MESSAGES.website;
    case 'twitter':
      return TWITTER.test(text.trim()) ? null : FORM_MESSAGES.twitter;
    case 'radio':
    case 'select':
      return (field.options ?? []).includes(text) ? null : FORM_MESSAGES.notAnOption(text);
    default:
      return field.maxLength !== undefined && field.maxLength > 0 && text.length > field.maxLength
        ? FORM_MESSAGES.tooLong
        : null;
  }
}

function partsProblem(field: FormField, parts: readonly string[]): string | null {
  if (parts.some((part) => typeof part !== 'string' || part.length > MAX_VALUE_LENGTH)) return FORM_MESSAGES.invalid;
  const wanted = FIELD_PARTS[field.type]?.length ?? 0;
  const normalised = field.type === 'phone' ? phoneParts(parts) : [...parts];
  if (normalised.length !== wanted) return FORM_MESSAGES.invalid;
  if (field.required === true && (REQUIRED_PARTS[field.type] ?? []).some((i) => (normalised[i] ?? '').trim() === ''))
    return FORM_MESSAGES.required;
  if (field.type === 'phone') return normalised.every((part) => PHONE_PART.test(part)) ? null : FORM_MESSAGES.phone;
  if (field.type === 'date') return isDate(normalised) ? null : FORM_MESSAGES.date;
  if (field.type === 'time') return isTime(normalised) ? null : FORM_MESSAGES.time;
  return null;
}

/** The message for a field's value, or null when it passes. Section fields and likert answers always pass. */
export function fieldProblem(field: FormField, value: FieldValue | undefined): string | null {
  if (field.type === 'section' || field.type === 'hidden') return null;
  if (field.type === 'likert')
    return value === undefined || (typeof value === 'object' && !Array.isArray(value)) ? null : FORM_MESSAGES.invalid;
  if (isEmpty(value)) return field.required === true ? FORM_MESSAGES.required : null;
  if (field.type === 'checkbox') {
    if (!Array.isArray(value)) return FORM_MESSAGES.invalid;
    const unknown = value.find((v) => !(field.options ?? []).includes(v));
    return unknown === undefined ? null : FORM_MESSAGES.notAnOption(unknown);
  }
  if (FIELD_PARTS[field.type] !== undefined)
    return Array.isArray(value) ? partsProblem(field, value) : FORM_MESSAGES.invalid;
  return typeof value === 'string' ? textProblem(field, value) : FORM_MESSAGES.invalid;
}

/** Every failing field's message, keyed by field id (empty when the form passes). */
export function validateForm(fields: readonly FormField[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const problem = fieldProblem(field, values[field.id]);
    if (problem !== null) errors[field.id] = problem;
  }
  return errors;
}

/** The values of the form's own fields only (anything else a client sent is dropped). */
export function pickFormValues(fields: readonly FormField[], values: Record<string, unknown>): FormValues {
  const picked: FormValues = {};
  for (const field of fields) {
    const value = values[field.id];
    if (typeof value === 'string' || Array.isArray(value) || (typeof value === 'object' && value !== null))
      picked[field.id] = value as FieldValue;
  }
  return picked;
}

/** The newsletter block's form: one required email field. */
export function newsletterFields(): FormField[] {
  return [{ id: 'email', type: 'email', title: 'Email Address', required: true }];
}
