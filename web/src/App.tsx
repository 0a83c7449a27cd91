import { useEffect, useState } from 'react';
import { LiveIndicator } from './live';
import { AdminScreen } from './screens/admin';
import { ComposeScreen } from './screens/compose';
import { DefinitionsScreen } from './screens/definitions';
import { ResourcesScreen } from './screens/resources';
import { SettingsScreen } from './screens/settings';
import { TraitsScreen } from './screens/traits';

const SCREENS = {
  definitions: ['Definitions', DefinitionsScreen],
  compose: ['Compose metadata', ComposeScreen],
  traits: ['Traits & providers', TraitsScreen],
  resources: ['Resources', ResourcesScreen],
  admin: ['Admin', AdminScreen],
  settings: ['Identity', SettingsScreen],
} as const;
type Screen = keyof typeof SCREENS;

/** The screen named by the URL's hash (#compose): links and reloads keep it; the server serves only /. */
const screenOf = (hash: string): Screen => {
  const name = hash.replace(/^#\/?/, '');
  return name in SCREENS ? (name as Screen) : 'definitions';
};

export function App() {
  const [screen, setScreen] = useState(() => screenOf(window.location.hash));
  useEffect(() => {
    const onHash = () => setScreen(screenOf(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const [, Current] = SCREENS[screen];
  return (
    <>
      {/* The app routes by the hash: the skip link moves the focus itself instead of changing it. */}
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header>
        <strong className="brand">metacatalog explorer</strong>
        <nav aria-label="Screens">
          {Object.entries(SCREENS).map(([name, [title]]) => (
            <a
              key={name}
              href={`#${name}`}
              className={name === screen ? 'active' : ''}
              aria-current={name === screen ? 'page' : undefined}
            >
              {title}
            </a>
          ))}
          <a href="graphql">GraphiQL</a>
        </nav>
        <LiveIndicator />
      </header>
      <main id="main" tabIndex={-1}>
        <Current />
      </main>
    </>
  );
}
