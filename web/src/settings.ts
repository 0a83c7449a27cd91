/**
 * What the app sends with every request besides the query: identity headers (AUTH_MODE=headers behind a
 * trusted proxy), a Keystone token (AUTH_MODE=keystone: X-Auth-Token) or a bearer token (AUTH_MODE=jwt).
 * AUTH_MODE=none needs nothing. Kept in this browser's localStorage.
 */
export interface Settings {
  /** One `Name: value` per line. */
  headers: string;
  token: string;
  tokenKind: 'bearer' | 'keystone';
}

const KEY = 'metacatalog-explorer-settings';
const EMPTY: Settings = { headers: '', token: '', tokenKind: 'bearer' };

export function loadSettings(): Settings {
  try {
    return { ...EMPTY, ...(JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Settings>) };
  } catch {
    return EMPTY;
  }
}

export function saveSettings(settings: Settings): void {
  localStorage.setItem(KEY, JSON.stringify(settings));
}

/** The headers these settings add to a request; lines that are not `Name: value` are skipped. */
export function headersOf(settings: Settings): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of settings.headers.split('\n')) {
    const match = /^\s*([A-Za-z0-9-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (match) headers[match[1].toLowerCase()] = match[2];
  }
  const token = settings.token.trim();
  if (token && settings.tokenKind === 'keystone') headers['x-auth-token'] = token;
  if (token && settings.tokenKind === 'bearer') headers.authorization = `Bearer ${token}`;
  return headers;
}
