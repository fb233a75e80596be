import { useState } from 'preact/hooks';
import type { Credentials } from '../api/client.js';
import { api, type Session } from '../session.js';
import { FormError, TextField, useSubmit } from '../components/fields.js';

/**
 * Sign in with a login and password (a token from /rest/login) or with an API key. Refusals —
 * a wrong password, a locked account — are shown in the service's words, which are Bugzilla's.
 */
export function SignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [apiKey, setApiKey] = useState('');
  const byPassword = useSubmit((error) => (error.code === 50 ? 'login' : undefined));
  const byKey = useSubmit(() => 'api_key');

  const finish = async (credentials: Credentials) => {
    api.setCredentials(credentials);
    try {
      onSignedIn({ credentials, user: await api.whoami() });
    } catch (error) {
      api.setCredentials(null);
      throw error;
    }
  };

  return (
    <main id="main" class="sign-in">
      <h1>Bugzilla products — admin console</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void byPassword.submit(async () => {
            const { token } = await api.login(login.trim(), password);
            await finish({ kind: 'token', token });
          });
        }}
      >
        <h2 id="sign-in-title">Sign in</h2>
        <FormError message={byPassword.errors.form} />
        <TextField
          label="Login"
          value={login}
          onInput={setLogin}
          autoComplete="username"
          required
          error={byPassword.errors.fields.login}
        />
        <TextField
          label="Password"
          type="password"
          value={password}
          onInput={setPassword}
          autoComplete="current-password"
        />
        <button type="submit" disabled={byPassword.busy}>
          Sign in
        </button>
      </form>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void byKey.submit(() => finish({ kind: 'api_key', key: apiKey.trim() }));
        }}
      >
        <h2 id="api-key-title">Or use an API key</h2>
        <TextField
          label="API key"
          type="password"
          value={apiKey}
          onInput={setApiKey}
          autoComplete="off"
          required
          error={byKey.errors.fields.api_key}
        />
        <button type="submit" class="secondary" disabled={byKey.busy}>
          Use API key
        </button>
      </form>
    </main>
  );
}
