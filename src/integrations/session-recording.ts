/**
 * The session-recording service's id (storefront spec §7: `GET /api/commerce/fullstory/getId`).
 * Locally, and wherever `FULLSTORY_ORG_ID` is not configured, the answer is the mock id, which tells
 * the page to skip the recording script.
 */
export const MOCK_SESSION_RECORDING_ID = 'mock-fullstory-id';

export function sessionRecordingId(env: { FULLSTORY_ORG_ID?: string }): string {
  return env.FULLSTORY_ORG_ID !== undefined && /^[A-Za-z0-9-]{1,64}$/.test(env.FULLSTORY_ORG_ID)
    ? env.FULLSTORY_ORG_ID
    : MOCK_SESSION_RECORDING_ID;
}
