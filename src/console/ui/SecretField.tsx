/**
 * A write-only secret's field (an API key, a signing secret): it starts blank and stays blank after saving; the
 * saved secret shows only as its last 4 characters, in the placeholder and the description, and a blank field keeps
 * it. Its length cap is the zod schema's (`maxLengthOf`), never written again here.
 */
import type { z } from 'zod';
import { Field } from './Field';
import { maxLengthOf } from './schema-length';

export function SecretField({
  id,
  label,
  schema,
  last4,
  example,
  unsavedDescription,
  savedNoun,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  /** The field's zod schema (the API's), for its length cap. */
  schema: z.ZodString | z.ZodDefault<z.ZodString>;
  /** The saved secret's last 4 characters; null when none is saved. */
  last4: string | null;
  /** The placeholder while nothing is saved, such as 'sk_test_…'. */
  example: string;
  /** What the field is for while nothing is saved. */
  unsavedDescription: string;
  /** What is saved, as the description names it ('key', 'secret'). */
  savedNoun: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      id={id}
      label={label}
      description={
        last4 === null
          ? unsavedDescription
          : `Saved ${savedNoun} ending in ${last4}. Leave blank to keep it, or enter a new one to replace it.`
      }
      error={error}
    >
      {(control) => (
        <input
          {...control}
          type="password"
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLengthOf(schema)}
          placeholder={last4 === null ? example : `•••• ${last4}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
