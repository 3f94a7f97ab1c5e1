import { describe, expect, it } from 'vitest';
import { foldText } from './fold';

describe('foldText', () => {
  it('lower-cases and drops accents, keeping the letters', () => {
    expect(foldText('ÁNGELA Çelik')).toBe('angela celik');
    expect(foldText('José Núñez')).toBe('jose nunez');
    expect(foldText('Ｆｕｌｌ')).toBe('full');
  });
});
