/**
 * Text as searches and sorts compare it: lower case without accents, so 'jose' finds 'José Núñez'
 * and 'Árbol' sorts with the a's. One rule for the order search, the content tables' title key,
 * slugs and the console's content search.
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}
