/**
 * The console around its sections: the top bar (store, who is signed in with their role names, sign
 * out), the sidebar of the sections the merchant's roles may open, and the open section, loaded on
 * first use. After each move the new screen's heading takes the focus, so keyboard and screen-reader
 * users start at the top of what changed.
 */
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { MERCHANT_MESSAGES } from '../accounts/messages';
import { Home } from './Home';
import { CONSOLE_ROOT, consolePath, navigate, useLocation } from './router';
import { SECTIONS } from './section-registry';
import { mayOpen, type ConsoleSection, type ConsoleSession, type SectionProps } from './sections';
import { signOut } from './session';
import { API_MESSAGES } from './ui/api';
import { LOADED_MESSAGES } from './ui/Loaded';
import { Link } from './ui/Link';

const loaded = new Map<string, ComponentType<SectionProps>>();

function sectionComponent(section: ConsoleSection): ComponentType<SectionProps> {
  let found = loaded.get(section.id);
  if (found === undefined) {
    found = lazy(section.load);
    loaded.set(section.id, found);
  }
  return found;
}

/**
 * A section's render error shows a way back instead of a blank page (engine spec §8: the error boundary's fallback)
 * and is reported, as a store island's is (src/client/entry.ts): `reportError` hands it to the console's error
 * reporter (./error-reports.ts, started with the session in main.tsx), which sends it to the worker's log.
 */
class SectionBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    reportError(error);
  }
  override componentDidUpdate(before: { resetKey: string }) {
    if (before.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="Card Notice" role="alert">
        <h1>{API_MESSAGES.server}</h1>
        <p>This screen could not be shown.</p>
        <button type="button" className="Button" onClick={() => this.setState({ failed: false })}>
          {LOADED_MESSAGES.retry}
        </button>
      </div>
    );
  }
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="Card Notice">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** Moves the focus to the new screen's heading once it has rendered (sections load lazily). */
function useFocusOnMove(main: RefObject<HTMLElement | null>, where: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = main.current;
    if (element === null) return;
    const focusHeading = () => {
      const heading = element.querySelector<HTMLElement>('h1');
      if (heading === null) return false;
      heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(element, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [where, main]);
}

export function Shell({
  session,
  siteTitle,
  onSignedOut,
}: {
  session: ConsoleSession;
  siteTitle: string;
  onSignedOut: () => void;
}) {
  const { pathname } = useLocation();
  const { sectionId, rest } = consolePath(pathname);
  const visible = useMemo(() => SECTIONS.filter((section) => mayOpen(session.can, section)), [session]);
  const section = SECTIONS.find((s) => s.id === sectionId);
  const main = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  useFocusOnMove(main, pathname);
  useEffect(() => {
    document.title = `${section?.label ?? 'Home'} · ${siteTitle} Console`;
    setMenuOpen(false);
  }, [section, siteTitle, pathname]);

  let content: ReactNode;
  if (sectionId === null) content = <Home session={session} sections={visible} />;
  else if (section === undefined)
    content = (
      <Notice title="Page not found">
        <p>There is no console page at this address.</p>
      </Notice>
    );
  else if (!mayOpen(session.can, section))
    content = (
      <Notice title={section.label}>
        <p>{MERCHANT_MESSAGES.forbidden}</p>
      </Notice>
    );
  else {
    const Section = sectionComponent(section);
    content = (
      <Suspense
        fallback={
          <p className="Console-loading" role="status">
            Loading {section.label}…
          </p>
        }
      >
        <Section session={session} path={rest} navigate={navigate} />
      </Suspense>
    );
  }

  return (
    <div className={menuOpen ? 'Console-app is-menu-open' : 'Console-app'}>
      <a className="SkipLink" href="#console-main">
        Skip to content
      </a>
      <header className="Topbar">
        <button
          type="button"
          className="Topbar-menu Button Button--plain"
          aria-expanded={menuOpen}
          aria-controls="console-sidebar"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <Link to={CONSOLE_ROOT} className="Topbar-site">
          {siteTitle}
        </Link>
        <div className="Topbar-end">
          <a className="Button Button--plain" href="/" target="_blank" rel="noopener">
            View store
          </a>
          <div className="Topbar-account">
            <span className="Topbar-email">{session.email}</span>
            <span className="Topbar-roles">{session.roleNames.join(', ')}</span>
          </div>
          <button type="button" className="Button" onClick={() => void signOut().finally(onSignedOut)}>
            Sign out
          </button>
        </div>
      </header>
      <nav id="console-sidebar" className="Sidebar" aria-label="Console">
        <ul>
          <li>
            <Link to={CONSOLE_ROOT} aria-current={sectionId === null ? 'page' : undefined}>
              Home
            </Link>
          </li>
          {visible.map((s) => (
            <li key={s.id}>
              <Link to={`${CONSOLE_ROOT}/${s.id}`} aria-current={s.id === sectionId ? 'page' : undefined}>
                {s.label}
              </Link>
            </li>
          ))}
          {session.can.analytics && !SECTIONS.some((s) => s.id === 'analytics') && (
            <li>
              <a href={`${CONSOLE_ROOT}/analytics`}>Analytics</a>
            </li>
          )}
        </ul>
      </nav>
      <main id="console-main" className="Main" ref={main} tabIndex={-1}>
        <SectionBoundary resetKey={pathname}>{content}</SectionBoundary>
      </main>
    </div>
  );
}
