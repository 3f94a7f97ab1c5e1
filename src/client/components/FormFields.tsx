/**
 * A site form's fields as controls, for every field type of the spec: single inputs, multi-part
 * fieldsets (name, address, date, time, phone), radio, checkbox, select, likert, hidden; with the
 * textarea's live 'count / max' counter and each field's error. One component per field type,
 * in `fields/`.
 */
import { fieldParts, type FieldValue, type FormField } from '../../forms/validate';
import ChoiceField from './fields/ChoiceField';
import type { FieldProps } from './fields/field';
import InputField from './fields/InputField';
import LikertField from './fields/LikertField';
import PartsField from './fields/PartsField';
import SelectField from './fields/SelectField';
import TextareaField from './fields/TextareaField';

export interface FormFieldsProps {
  formId: string;
  fields: readonly FormField[];
  values: Record<string, FieldValue>;
  errors: Record<string, string>;
  onChange: (fieldId: string, value: FieldValue) => void;
}

function Field(props: FieldProps) {
  const { field, value } = props;
  switch (field.type) {
    case 'section':
      return (
        <h3
          className={field.underline === true ? 'FormField-section FormField-section--underline' : 'FormField-section'}
        >
          {field.title}
        </h3>
      );
    case 'hidden':
      return <input type="hidden" name={field.id} value={typeof value === 'string' ? value : ''} />;
    case 'textarea':
      return <TextareaField {...props} />;
    case 'select':
      return <SelectField {...props} />;
    case 'radio':
    case 'checkbox':
      return <ChoiceField {...props} />;
    case 'likert':
      return <LikertField {...props} />;
    default: {
      const parts = fieldParts(field);
      return parts !== undefined ? <PartsField {...props} parts={parts} /> : <InputField {...props} />;
    }
  }
}

export default function FormFields({ formId, fields, values, errors, onChange }: FormFieldsProps) {
  return (
    <>
      {fields.map((field) => (
        <Field
          key={field.id}
          field={field}
          id={`${formId}-${field.id}`}
          value={values[field.id]}
          error={errors[field.id]}
          onChange={(value) => onChange(field.id, value)}
        />
      ))}
    </>
  );
}
