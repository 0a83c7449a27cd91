import { useApolloClient } from '@apollo/client/react';
import { useContext, useState } from 'react';
import { LiveContext } from '../live';
import { loadSettings, saveSettings, type Settings } from '../settings';
import { Field } from '../ui';

/** Identity: the headers or token the app sends (AUTH_MODE=none needs nothing). */
export function SettingsScreen() {
  const client = useApolloClient();
  const live = useContext(LiveContext);
  const [settings, setSettings] = useState<Settings>(loadSettings);
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="admin-form"
      aria-label="Identity"
      onSubmit={(event) => {
        event.preventDefault();
        saveSettings(settings);
        setSaved(true);
        // What the cache holds was seen as someone else; the WebSocket identifies at connection only.
        void client.resetStore();
        live?.restart();
      }}
    >
      <h2>Identity</h2>
      <p className="muted">
        With AUTH_MODE=none nothing is needed. Behind a proxy that sets identity headers (AUTH_MODE=headers)
        the proxy adds them; for local tests add <code>X-Project-Id</code>, <code>X-Roles</code> here. With
        Keystone paste a token (sent as X-Auth-Token), with JWT a bearer token. Kept for this tab's session
        only: closing the tab forgets them. Live updates (a WebSocket) carry the token but not these headers,
        which browsers cannot set there: with AUTH_MODE=headers they work only through the proxy.
      </p>
      <Field label="Headers (one Name: value per line)">
        <textarea
          rows={4}
          value={settings.headers}
          onChange={(event) => setSettings({ ...settings, headers: event.target.value })}
          placeholder={'X-Project-Id: p1\nX-Roles: admin'}
        />
      </Field>
      <Field label="Token">
        <input
          type="password"
          value={settings.token}
          onChange={(event) => setSettings({ ...settings, token: event.target.value })}
        />
      </Field>
      <Field label="Token kind">
        <select
          value={settings.tokenKind}
          onChange={(event) =>
            setSettings({ ...settings, tokenKind: event.target.value as Settings['tokenKind'] })
          }
        >
          <option value="bearer">Authorization: Bearer (jwt)</option>
          <option value="keystone">X-Auth-Token (keystone)</option>
        </select>
      </Field>
      <button type="submit">Save</button>
      {saved ? <span className="ok">Saved</span> : null}
    </form>
  );
}
