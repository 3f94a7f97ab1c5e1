/** The console's first screen: the set-up checklist (commerce roles), then a card for each section the merchant's roles may open. */
import { CONSOLE_ROOT } from './router';
import type { ConsoleSection, ConsoleSession } from './sections';
import { SetupChecklist } from './SetupChecklist';
import { Link } from './ui/Link';

export function Home({ session, sections }: { session: ConsoleSession; sections: ConsoleSection[] }) {
  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Home</h1>
      </header>
      <p className="Muted">
        Signed in as {session.email} ({session.roleNames.join(', ')}).
      </p>
      {session.can.commerce && <SetupChecklist />}
      {sections.length === 0 && !session.can.analytics ? (
        <div className="Card">
          <p>Your role does not open any part of the console. Ask an administrator for another role.</p>
        </div>
      ) : (
        <ul className="HomeCards">
          {sections.map((section) => (
            <li key={section.id} className="Card">
              <Link to={`${CONSOLE_ROOT}/${section.id}`}>{section.label}</Link>
            </li>
          ))}
          {session.can.analytics && !sections.some((s) => s.id === 'analytics') && (
            <li className="Card">
              <a href={`${CONSOLE_ROOT}/analytics`}>Analytics</a>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
