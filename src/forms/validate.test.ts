import { describe, expect, it } from 'vitest';
import {
  fieldParts,
  fieldProblem,
  fieldsUnderFlags,
  FORM_MESSAGES,
  hiddenValues,
  isValidEmail,
  phoneParts,
  validateForm,
  type FormField,
} from './validate';

const f = (type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({
  id: type,
  type,
  title: type,
  ...extra,
});

describe('form field rules', () => {
  it('requires required fields of every kind, skips sections and never requires likert answers', () => {
    for (const type of ['text', 'email', 'textarea', 'number', 'radio', 'select'] as const) {
      expect(fieldProblem(f(type, { required: true, options: ['a'] }), '  ')).toBe(FORM_MESSAGES.required);
    }
    expect(fieldProblem(f('checkbox', { required: true, options: ['a'] }), [])).toBe('Required');
    expect(fieldProblem(f('name', { required: true }), ['Ada', ''])).toBe('Required');
    expect(fieldProblem(f('name', { required: true }), ['Ada', 'Lovelace'])).toBeNull();
    expect(fieldProblem(f('section', { required: true }), undefined)).toBeNull();
    expect(fieldProblem(f('likert', { required: true }), undefined)).toBeNull();
    expect(fieldProblem(f('text'), '')).toBeNull();
  });

  it('checks the character limit, emails, numbers, websites, handles and options', () => {
    expect(fieldProblem(f('textarea', { maxLength: 5 }), '123456')).toBe('You have exceeded the character limit.');
    expect(fieldProblem(f('textarea', { maxLength: 5 }), '12345')).toBeNull();
    expect(fieldProblem(f('email'), 'ada@example')).toBe(
      'Email is not valid. Email addresses should follow the format user@domain.com.',
    );
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b.museum')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(251)}@b.com`)).toBe(false);
    expect(fieldProblem(f('number'), '12.5')).toBeNull();
    expect(fieldProblem(f('currency'), 'ten')).toBe(FORM_MESSAGES.number);
    expect(fieldProblem(f('website'), 'example.com/path')).toBeNull();
    expect(fieldProblem(f('website'), 'javascript:alert(1)')).toBe(FORM_MESSAGES.website);
    expect(fieldProblem(f('twitter'), '@studio_goods')).toBeNull();
    expect(fieldProblem(f('select', { options: ['Order'] }), 'Other')).toBe('Other is not one of the expected options');
    expect(fieldProblem(f('checkbox', { options: ['A', 'B'] }), ['A', 'C'])).toBe(
      'C is not one of the expected options',
    );
  });

  it('applies the phone three-part rule and checks dates and times', () => {
    expect(phoneParts(['555', '123', '4567'])).toEqual(['', '555', '123', '4567']);
    expect(fieldProblem(f('phone', { required: true }), ['555', '123', '4567'])).toBeNull();
    expect(fieldProblem(f('phone', { required: true }), ['1', '555', '', '4567'])).toBe('Required');
    expect(fieldProblem(f('phone'), ['555', 'abc', '4567'])).toBe(FORM_MESSAGES.phone);
    expect(fieldProblem(f('date'), ['12', '31', '2026'])).toBeNull();
    expect(fieldProblem(f('date'), ['13', '1', '2026'])).toBe(FORM_MESSAGES.date);
    expect(fieldProblem(f('time'), ['9', '30', '', 'AM'])).toBeNull();
    expect(fieldProblem(f('time'), ['9', '75', '', 'AM'])).toBe(FORM_MESSAGES.time);
    expect(fieldProblem(f('address'), ['1 Main St', '', 'Springfield', 'IL', '62701', 'US'])).toBeNull();
    expect(fieldProblem(f('name'), 'Ada')).toBe(FORM_MESSAGES.invalid);
  });

  it('collects every failing field by id', () => {
    const fields = [f('text', { required: true }), f('email', { required: true })];
    expect(validateForm(fields, { email: 'nope' })).toEqual({ text: 'Required', email: FORM_MESSAGES.email });
    expect(validateForm(fields, { text: 'hi', email: 'a@b.co' })).toEqual({});
  });

  it('types a phone in three parts unless it shows its country code (engine spec §3 showCountryCode)', () => {
    expect(fieldParts(f('phone'))).toEqual(['Areacode', 'Prefix', 'Line']);
    expect(fieldParts(f('phone', { showCountryCode: true }))).toEqual(['Country', 'Areacode', 'Prefix', 'Line']);
    expect(fieldParts(f('name'))).toEqual(['First', 'Last']);
    expect(fieldParts(f('text'))).toBeUndefined();
  });

  it('fills a hidden field from the query parameter named by its key, else its default (storefront spec §3)', () => {
    const hidden = f('hidden', { id: 'source', key: 'utm_source', defaultValue: 'website' });
    expect(hiddenValues([hidden], new URLSearchParams('utm_source=spring-ad&source=ignored'))).toEqual({
      source: 'spring-ad',
    });
    expect(hiddenValues([hidden], new URLSearchParams('source=ignored'))).toEqual({ source: 'website' });
    expect(hiddenValues([f('hidden', { id: 'ref' })], new URLSearchParams('ref=x'))).toEqual({ ref: 'x' });
  });

  it('holds fields to their maximum length only behind the formFieldMaxLength flag', () => {
    const fields = [f('textarea', { maxLength: 5 })];
    expect(validateForm(fieldsUnderFlags(fields, true), { textarea: '123456' })).toEqual({
      textarea: FORM_MESSAGES.tooLong,
    });
    expect(validateForm(fieldsUnderFlags(fields, false), { textarea: '123456' })).toEqual({});
    expect(fields[0]?.maxLength).toBe(5);
  });
});
