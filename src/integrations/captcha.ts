/**
 * Captcha verification behind one interface. `CAPTCHA_PROVIDER` chooses: `local` (development
 * only: accepts the local widget's tokens for the expected action, no network) or
 * `recaptcha-enterprise` (an assessment through Google's API with the `RECAPTCHA_API_KEY` and
 * `RECAPTCHA_PROJECT_ID` secrets; an unreachable service counts as a failed check after 5 s, never
 * a hang). It fails closed: any other value, `local` outside development, or missing secrets
 * refuse every token (and say why in the log), so a misconfiguration never lets bots through.
 */
import { faultable } from '../faults';
import { LOCAL_TOKEN, type CaptchaAction } from '../forms/captcha';

export interface CaptchaVerifier {
  verify(token: string, action: CaptchaAction, siteKey: string): Promise<boolean>;
}

export const localCaptcha: CaptchaVerifier = {
  async verify(token, action) {
    return LOCAL_TOKEN.exec(token)?.[1] === action;
  },
};

const MIN_SCORE = 0.5;
const TIMEOUT_MS = 5000;

interface Assessment {
  tokenProperties?: { valid?: boolean; action?: string };
  riskAnalysis?: { score?: number };
}

function recaptchaEnterprise(apiKey: string, projectId: string): CaptchaVerifier {
  return {
    async verify(token, action, siteKey) {
      try {
        const res = await fetch(
          `https://recaptchaenterprise.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/assessments?key=${encodeURIComponent(apiKey)}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ event: { token, siteKey, expectedAction: action } }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          },
        );
        if (!res.ok) return false;
        const assessment = (await res.json()) as Assessment;
        return (
          assessment.tokenProperties?.valid === true &&
          assessment.tokenProperties.action === action &&
          (assessment.riskAnalysis?.score ?? 0) >= MIN_SCORE
        );
      } catch {
        return false;
      }
    },
  };
}

/** Refuses every token, logging why: what a misconfigured deployment gets instead of no check. */
function refuseAll(reason: string): CaptchaVerifier {
  return {
    async verify() {
      console.error(`Captcha refused: ${reason}`);
      return false;
    },
  };
}

interface CaptchaEnv {
  ENVIRONMENT?: string;
  CAPTCHA_PROVIDER?: string;
  RECAPTCHA_API_KEY?: string;
  RECAPTCHA_PROJECT_ID?: string;
}

/** The configured verifier; an unreachable service is a failed check. */
export function captchaVerifier(env: CaptchaEnv): CaptchaVerifier {
  return faultable('captcha', configuredVerifier(env), 'captcha', () => false);
}

function configuredVerifier(env: CaptchaEnv): CaptchaVerifier {
  switch (env.CAPTCHA_PROVIDER) {
    case 'local':
      return env.ENVIRONMENT === 'development'
        ? localCaptcha
        : refuseAll('CAPTCHA_PROVIDER "local" is for development only');
    case 'recaptcha-enterprise':
      if (env.RECAPTCHA_API_KEY === undefined || env.RECAPTCHA_PROJECT_ID === undefined) {
        return refuseAll(
          'CAPTCHA_PROVIDER is recaptcha-enterprise but the RECAPTCHA_API_KEY or RECAPTCHA_PROJECT_ID secret is missing',
        );
      }
      return recaptchaEnterprise(env.RECAPTCHA_API_KEY, env.RECAPTCHA_PROJECT_ID);
    default:
      return refuseAll(`unknown CAPTCHA_PROVIDER ${JSON.stringify(env.CAPTCHA_PROVIDER ?? null)}`);
  }
}
