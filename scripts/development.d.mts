export const DEVELOPMENT_VARS: { readonly ENVIRONMENT: 'development'; readonly CAPTCHA_PROVIDER: 'local' };
export function developmentVarArgs(): string[];
