/**
 * The team: who can open the console and with which role (by name), invitations by email, role
 * changes and removals (after the confirm modal), and the last hour's failed sign-ins (when, which
 * email, from which address, how many). The worker keeps an administrator on the team.
 */
import { useState, type FormEvent } from 'react';
import { TEAM_INVITE_MESSAGES } from '../../../accounts/messages';
import { isValidEmail } from '../../../forms/validate';
import { api, type SignInFailure, type TeamMember as Member } from '../../../api';
import type { SectionProps } from '../../section-types';
import { consoleApi } from '../../ui/api';
import { useConfirm } from '../../ui/ConfirmModal';
import { DataTable, type Column } from '../../ui/DataTable';
import { FetchStatus } from '../../ui/Loaded';
import { describedBy, FieldError } from '../../ui/FieldError';
import { SaveStatus, useSave } from '../../ui/SaveStatus';
import { StatusLabel } from '../../ui/StatusLabel';
import { useFetch } from '../../ui/useFetch';
import { dateTimeText } from '../orders/format';

const FAILURE_COLUMNS: Column<SignInFailure>[] = [
  { key: 'when', label: 'When', primary: true, render: (f) => dateTimeText(f.lastAt) },
  { key: 'email', label: 'Email', render: (f) => f.email },
  { key: 'address', label: 'Address', render: (f) => <code>{f.address}</code> },
  { key: 'failures', label: 'Failures', align: 'end', render: (f) => f.failures },
];

/** Who has been failing to sign in: an address that guesses is held back on its own, never the rest of the team. */
function SignInFailures() {
  const failures = useFetch(api.signInFailures.at());
  return (
    <section className="Card SignInFailures" aria-labelledby="sign-in-failures-title">
      <h2 id="sign-in-failures-title">Failed sign-ins</h2>
      <p className="Muted">
        The last hour, by email and address. An address that keeps failing has to wait; others sign in as usual.
      </p>
      <FetchStatus fetched={failures} />
      <DataTable
        caption="Failed sign-ins in the last hour"
        columns={FAILURE_COLUMNS}
        rows={failures.data?.failures ?? []}
        rowKey={(f) => `${f.email}/${f.address}`}
        empty={failures.state === 'pending' ? 'Loading…' : 'No failed sign-ins in the last hour.'}
      />
    </section>
  );
}
const DEFAULT_ROLE = 4;

export default function TeamSection(_props: SectionProps) {
  const team = useFetch(api.team.at());
  const [email, setEmail] = useState('');
  const [role, setRole] = useState(DEFAULT_ROLE);
  const [emailProblem, setEmailProblem] = useState<string | undefined>(undefined);
  const invite = useSave();
  const change = useSave();
  const { confirm, modal } = useConfirm();
  const roles = team.data?.roles ?? [];

  const sendInvite = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email.trim())) return setEmailProblem(TEAM_INVITE_MESSAGES.email);
    setEmailProblem(undefined);
    const done = await invite.run(() => consoleApi(api.invite.at(), { email: email.trim(), roles: [role] }));
    if (done !== undefined) {
      setEmail('');
      team.reload();
    }
  };

  const setRoleOf = async (member: Member, code: number) => {
    await change.run(() => consoleApi(api.changeMember.at(member.id), { roles: [code] }));
    team.reload();
  };

  const remove = async (member: Member) => {
    const sure = await confirm({
      title: `Remove ${member.email}?`,
      message: <p>They can no longer sign in to the console.</p>,
      confirmLabel: 'Remove member',
      danger: true,
    });
    if (!sure) return;
    await change.run(() => consoleApi(api.removeMember.at(member.id)));
    team.reload();
  };

  const columns: Column<Member>[] = [
    {
      key: 'email',
      label: 'Member',
      primary: true,
      render: (member) => (
        <span className="Cell-labels">
          {member.email}
          {member.you && <StatusLabel>You</StatusLabel>}
          {member.invited && <StatusLabel tone="warning">Invited</StatusLabel>}
        </span>
      ),
    },
    {
      key: 'role',
      label: 'Role',
      render: (member) => (
        <select
          aria-label={`Role of ${member.email}`}
          value={member.roles[0] ?? ''}
          onChange={(event) => void setRoleOf(member, Number(event.target.value))}
        >
          {roles.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      ),
    },
    { key: 'roles', label: 'All roles', render: (member) => member.roleNames.join(', ') },
    {
      key: 'actions',
      label: 'Actions',
      align: 'end',
      render: (member) => (
        <button type="button" className="Button Button--small" onClick={() => void remove(member)}>
          Remove<span className="visually-hidden"> {member.email}</span>
        </button>
      ),
    },
  ];

  const emailError = emailProblem ?? invite.fieldError('email');
  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Team</h1>
      </header>
      <form
        className="Card Toolbar"
        onSubmit={(event) => void sendInvite(event)}
        aria-labelledby="invite-title"
        noValidate
      >
        <h2 id="invite-title" className="Toolbar-title">
          Invite a member
        </h2>
        <div className="Field Field--grow">
          <label htmlFor="invite-email">Email</label>
          <input
            id="invite-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            {...describedBy('invite-email-error', emailError)}
          />
          <FieldError id="invite-email-error" message={emailError} announce />
        </div>
        <div className="Field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(event) => setRole(Number(event.target.value))}>
            {roles.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="Button Button--primary" disabled={invite.state.status === 'saving'}>
          Send invitation
        </button>
        <SaveStatus state={invite.state.status === 'saved' ? invite.state : { status: 'idle' }} />
      </form>
      <SaveStatus state={change.state} />
      <FetchStatus fetched={team} />
      <DataTable
        caption="Team members"
        columns={columns}
        rows={team.data?.members ?? []}
        rowKey={(member) => member.id}
        empty={team.state === 'pending' ? 'Loading the team…' : 'No members.'}
      />
      <SignInFailures />
      {modal}
    </div>
  );
}
