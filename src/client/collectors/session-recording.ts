/**
 * Session recording (engine spec §7, §8 and §9): asks `GET /api/commerce/fullstory/getId`, skips a
 * mock id, and loads the service's script only for an eligible visitor (src/beacon/session-recording.ts:
 * the toggle, the sample, US or Japan with a matching time zone, more than 2 CPU cores). The local
 * stand-in is a script of our own (development); FullStory's reads its org id from `window._fs_org`.
 * A visitor left out is marked `<html data-session-recording="off">`. Failures are only logged (spec §8).
 */
import { beaconRoutes as api } from '../../api/beacon-routes';
import { parseVisitorRecord } from '../../beacon/cookies';
import { recordingEligible, type SessionRecordingAnswer } from '../../beacon/session-recording';
import { readCookie } from '../cookies';
import { CENSUS_COOKIE } from './commerce';

/** The globals FullStory's script reads before it loads (its documented snippet's). */
function prepareFullStory(orgId: string): void {
  Object.assign(window, {
    _fs_host: 'fullstory.com',
    _fs_script: 'edge.fullstory.com/s/fs.js',
    _fs_org: orgId,
    _fs_namespace: 'FS',
  });
}

function loadRecordingScript(answer: Required<Pick<SessionRecordingAnswer, 'id' | 'scriptUrl'>>): void {
  if (/^https:\/\/edge\.fullstory\.com\//.test(answer.scriptUrl)) prepareFullStory(answer.id);
  const script = document.createElement('script');
  script.src = answer.scriptUrl;
  script.async = true;
  script.dataset.org = answer.id;
  script.onerror = () => console.warn('Session recording: the recording script did not load');
  document.head.append(script);
}

export async function startSessionRecording(): Promise<void> {
  try {
    const res = await fetch(api.sessionRecordingId.path(), { credentials: 'same-origin' });
    if (!res.ok) {
      console.warn(`Session recording: getId answered HTTP ${res.status}`);
      return;
    }
    const answer = (await res.json()) as SessionRecordingAnswer;
    const eligible = recordingEligible(answer, {
      locale: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      cpuCores: navigator.hardwareConcurrency ?? 0,
      visitorId: parseVisitorRecord(readCookie(CENSUS_COOKIE))?.id ?? null,
    });
    if (eligible && answer.scriptUrl !== undefined) loadRecordingScript({ id: answer.id, scriptUrl: answer.scriptUrl });
    // Says on the page that the visitor is not recorded (the stand-in's script marks a recorded one with its id).
    else document.documentElement.dataset.sessionRecording = 'off';
  } catch (error) {
    console.warn('Session recording could not start', error);
  }
}
