/**
 * The console's team calls (`/api/console/team…`): the members with their role names, invitations
 * by email, role changes and removals, and the recent failed sign-ins (time, email, connecting
 * address, count), behind the `team` permission (administrators), and the invitation's acceptance (the invited person sets a password; no session needed, the link's token
 * is the proof). The team always keeps an administrator who can sign in (src/durable/merchants.ts).
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MIN_TEAM_PASSWORD, TEAM_INVITE_MESSAGES } from '../../accounts/messages';
import { hashPassword } from '../../durable/passwords';
import { TEAM_MESSAGES, type TeamChange, type TeamError } from '../../durable/merchants';
import { isValidEmail } from '../../forms/validate';
import { ROLES, roleName } from '../../site/roles';
import { requireCrumb } from '../shared/csrf';
import { apiError, readJson, withSite, type AppEnv, storeOf } from '../shared/http';
import { merchantSessionOf, requirePermission } from './merchant-session';
import { rateLimit } from '../shared/rate-limit';

const MAX_BODY_BYTES = 4096;
/** The console page where an invited person chooses their password (src/console/sections/team). */
export const INVITATION_PATH = '/config/invitation/';

const ROLE_CODES = new Set<number>(Object.values(ROLES));
const rolesSchema = z
  .array(z.number().int())
  .max(ROLE_CODES.size)
  .refine((roles) => roles.length > 0, TEAM_INVITE_MESSAGES.role)
  .refine((roles) => roles.every((role) => ROLE_CODES.has(role)), 'Unknown role');
const inviteSchema = z.object({ email: z.string().max(1000), roles: rolesSchema });
const acceptSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/, TEAM_MESSAGES.invitationInvalid),
  password: z.string().max(1024),
});

/** The roles the console offers, by name. */
export const ASSIGNABLE_ROLES = Object.values(ROLES).map((code) => ({ code, name: roleName(code) }));

function team(c: Context<AppEnv>) {
  return storeOf(c).objects.merchants;
}

const TEAM_ERROR_STATUS = { 'already-member': 409, 'unknown-member': 404, 'last-admin': 409 } as const satisfies Record<
  TeamError,
  number
>;

function changeAnswer(
  c: Context<AppEnv>,
  route: typeof api.changeMember | typeof api.removeMember,
  change: TeamChange,
): Response {
  return change.ok ? answer(c, route, { ok: true }) : apiError(TEAM_ERROR_STATUS[change.error], change.message);
}

export const consoleTeam = new Hono<AppEnv>();

const CONSOLE = areas.console;

const admin = requirePermission('team');

consoleTeam.get(pathIn(CONSOLE, api.team), admin, async (c) => {
  const session = await merchantSessionOf(c);
  const members = await team(c).members();
  return answer(c, api.team, {
    members: members.map((member) => ({
      ...member,
      roleNames: member.roles.map(roleName),
      you: member.id === session?.userId,
    })),
    roles: ASSIGNABLE_ROLES,
  });
});

/** Failed sign-ins to the console in the last hour, newest first (src/durable/sign-in-attempts.ts). */
consoleTeam.get(pathIn(CONSOLE, api.signInFailures), admin, async (c) =>
  answer(c, api.signInFailures, { failures: await team(c).signInFailures() }),
);

consoleTeam.post(pathIn(CONSOLE, api.invite), admin, async (c) => {
  const body = await readJson(c, inviteSchema, MAX_BODY_BYTES);
  const email = body.email.trim();
  if (!isValidEmail(email))
    return apiError(400, TEAM_INVITE_MESSAGES.email, { fields: { email: TEAM_INVITE_MESSAGES.email } });
  const acceptUrl = `${new URL(c.req.url).origin}${INVITATION_PATH}`;
  const invited = await team(c).invite(email, [...new Set(body.roles)], acceptUrl, c.var.site.website.siteTitle);
  if (!invited.ok)
    return apiError(TEAM_ERROR_STATUS[invited.error], invited.message, { fields: { email: invited.message } });
  return answer(c, api.invite, { id: invited.value.id });
});

consoleTeam.put(pathIn(CONSOLE, api.changeMember), admin, async (c) => {
  const body = await readJson(c, z.object({ roles: rolesSchema }), MAX_BODY_BYTES);
  return changeAnswer(c, api.changeMember, await team(c).setRoles(c.req.param('id'), [...new Set(body.roles)]));
});

consoleTeam.delete(pathIn(CONSOLE, api.removeMember), admin, async (c) =>
  changeAnswer(c, api.removeMember, await team(c).remove(c.req.param('id'))),
);

consoleTeam.post(
  pathIn(CONSOLE, api.acceptInvitation),
  requireCrumb,
  rateLimit((env) => env.SIGNIN_RATE_LIMITER, 'merchant-signin'),
  withSite,
  async (c) => {
    const body = await readJson(c, acceptSchema, MAX_BODY_BYTES);
    if ([...body.password].length < MIN_TEAM_PASSWORD)
      return apiError(400, TEAM_INVITE_MESSAGES.password, { fields: { password: TEAM_INVITE_MESSAGES.password } });
    const email = await team(c).acceptInvitation(body.token, await hashPassword(body.password));
    if (email === null) return apiError(400, TEAM_MESSAGES.invitationInvalid);
    return answer(c, api.acceptInvitation, { email });
  },
);
