import { useState } from 'preact/hooks';
import { api, loadSession, saveSession, type Session, useGroupMember } from './session.js';
import { href, useRoute } from './router.js';
import { SignIn } from './screens/sign-in.js';
import { Catalogue } from './screens/catalogue.js';
import { NewProduct } from './screens/new-product.js';
import { ProductPage } from './screens/product-page.js';
import { Classifications } from './screens/classifications.js';

/** The console: signed out, the sign-in form; signed in, the header and the screen the URL names. */
export function App() {
  const [session, setSession] = useState<Session | null>(loadSession);
  const route = useRoute();
  // Bugzilla lets only members of editcomponents create products.
  const canCreateProducts = useGroupMember('editcomponents');

  const signedIn = (next: Session) => {
    saveSession(next);
    api.setCredentials(next.credentials);
    setSession(next);
  };
  const signOut = async () => {
    // A token is forgotten by the service too; an API key stays valid (it is revoked elsewhere).
    if (session?.credentials.kind === 'token') await api.logout().catch(() => undefined);
    saveSession(null);
    api.setCredentials(null);
    setSession(null);
  };

  if (!session) return <SignIn onSignedIn={signedIn} />;
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Bugzilla products · admin</span>
        <nav aria-label="Main">
          <a href={href.catalogue()} aria-current={route.screen === 'catalogue' ? 'page' : undefined}>
            Products
          </a>
          {canCreateProducts && (
            <a href={href.newProduct()} aria-current={route.screen === 'new-product' ? 'page' : undefined}>
              New product
            </a>
          )}
          <a href={href.classifications()} aria-current={route.screen === 'classifications' ? 'page' : undefined}>
            Classifications
          </a>
        </nav>
        <span class="who">
          Signed in as <strong>{session.user.real_name || session.user.login}</strong>
          {session.user.real_name ? ` (${session.user.login})` : ''}
        </span>
        <button type="button" class="secondary" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {route.screen === 'catalogue' && <Catalogue />}
        {route.screen === 'new-product' && <NewProduct />}
        {route.screen === 'product' && <ProductPage key={route.id} id={route.id} tab={route.tab} />}
        {route.screen === 'classifications' && <Classifications />}
      </main>
    </>
  );
}
