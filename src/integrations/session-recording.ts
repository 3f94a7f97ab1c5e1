/**
 * The session-recording service's answer (storefront spec §7: `GET /api/commerce/fullstory/getId`).
 * `SESSION_RECORDING_PROVIDER` chooses `local` (development only: the id `local-session-recording`
 * and a stand-in script at /dev/session-recording.js that records nothing) or, wherever
 * `FULLSTORY_ORG_ID` is configured, FullStory's script with that org id. Otherwise the answer is
 * the mock id, which tells the page to skip the recording script. `SESSION_RECORDING` (`on`) is the
 * feature toggle and `SESSION_RECORDING_SAMPLE_PERCENT` (0–100, default 100) the experiment's share
 * of visitors; the page applies them with the visitor's own conditions (src/beacon/session-recording.ts).
 */
import { MOCK_SESSION_RECORDING_ID, type SessionRecordingAnswer } from '../beacon/session-recording';

export { MOCK_SESSION_RECORDING_ID };
export const LOCAL_SESSION_RECORDING_ID = 'local-session-recording';
export const LOCAL_RECORDING_SCRIPT = '/dev/session-recording.js';
export const FULLSTORY_SCRIPT = 'https://edge.fullstory.com/s/fs.js';

interface RecordingEnv {
  ENVIRONMENT?: string;
  SESSION_RECORDING_PROVIDER?: string;
  FULLSTORY_ORG_ID?: string;
  SESSION_RECORDING?: string;
  SESSION_RECORDING_SAMPLE_PERCENT?: string;
}

function samplePercent(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,3}$/.test(raw)) return 100;
  return Math.min(100, Number(raw));
}

export function sessionRecordingAnswer(env: RecordingEnv): SessionRecordingAnswer {
  const local = env.SESSION_RECORDING_PROVIDER === 'local' && env.ENVIRONMENT === 'development';
  const orgId = env.FULLSTORY_ORG_ID !== undefined && /^[A-Za-z0-9-]{1,64}$/.test(env.FULLSTORY_ORG_ID);
  if (!local && !orgId) return { id: MOCK_SESSION_RECORDING_ID };
  return {
    id: local ? LOCAL_SESSION_RECORDING_ID : (env.FULLSTORY_ORG_ID as string),
    enabled: env.SESSION_RECORDING === 'on',
    samplePercent: samplePercent(env.SESSION_RECORDING_SAMPLE_PERCENT),
    scriptUrl: local ? LOCAL_RECORDING_SCRIPT : FULLSTORY_SCRIPT,
  };
}

/**
 * What FullStory's script needs in the store pages' CSP (FullStory's "Can I use Content-Security-Policy
 * (CSP) with Fullstory?": script-src and connect-src edge.fullstory.com and rs.fullstory.com; img-src is
 * already any https). Only when recording with FullStory is configured and switched on.
 */
interface RecordingOrigins {
  readonly scripts: readonly string[];
  readonly connect: readonly string[];
}

export const FULLSTORY_ORIGINS: RecordingOrigins = {
  scripts: ['https://edge.fullstory.com', 'https://rs.fullstory.com'],
  connect: ['https://edge.fullstory.com', 'https://rs.fullstory.com'],
};

/** The origins for the page CSP's `integrations` (src/storefront/content-security.ts). */
export function sessionRecordingOrigins(env: RecordingEnv): RecordingOrigins {
  const answer = sessionRecordingAnswer(env);
  return answer.enabled === true && answer.scriptUrl === FULLSTORY_SCRIPT
    ? FULLSTORY_ORIGINS
    : { scripts: [], connect: [] };
}
