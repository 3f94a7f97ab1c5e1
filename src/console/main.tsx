/**
 * The merchant console's browser entry (`/config`, src/routes/pages/config.ts): asks who is signed in,
 * then shows the sign-in or the console. Built on its own (scripts/build-client.mjs, manifest key
 * `console`); store pages never load it.
 */
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './console.css';
import './sections/design/design.css';
import './sections/products/products.css';
import type { ConsoleSession } from './sections';
import { AcceptInvitation } from './AcceptInvitation';
import { consolePath, useLocation } from './router';
import { reportConsoleErrors } from './error-reports';
import { currentSession } from './session';
import { Shell } from './Shell';
import { SignIn } from './SignIn';
import { errorMessage, SIGNED_OUT_EVENT } from './ui/api';

function Console({ siteTitle }: { siteTitle: string }) {
  const [session, setSession] = useState<ConsoleSession | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const { pathname } = useLocation();
  const { sectionId, rest } = consolePath(pathname);
  const refresh = useCallback(async () => {
    try {
      const signedIn = await currentSession();
      // Before the shell renders, so that an error in its first render is reported too.
      if (signedIn !== null) reportConsoleErrors(signedIn.websiteId);
      setSession(signedIn);
      setFailure(null);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }, []);
  useEffect(() => {
    void refresh();
    const signedOut = () => setSession(null);
    window.addEventListener(SIGNED_OUT_EVENT, signedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, signedOut);
  }, [refresh]);
  if (sectionId === 'invitation' && rest[0] !== undefined)
    return <AcceptInvitation token={rest[0]} siteTitle={siteTitle} onSignedIn={refresh} />;
  if (failure !== null)
    return (
      <main id="console-main" className="SignIn">
        <div className="Card Notice" role="alert">
          <h1>Unable to load. Try again.</h1>
          <p>{failure}</p>
          <button type="button" className="Button" onClick={() => void refresh()}>
            Try again
          </button>
        </div>
      </main>
    );
  if (session === undefined)
    return (
      <p className="Console-loading" role="status">
        Loading the console…
      </p>
    );
  if (session === null) return <SignIn siteTitle={siteTitle} onSignedIn={refresh} />;
  return <Shell session={session} siteTitle={siteTitle} onSignedOut={() => setSession(null)} />;
}

const root = document.getElementById('console-root');
if (root !== null) createRoot(root).render(<Console siteTitle={root.dataset.siteTitle ?? ''} />);
