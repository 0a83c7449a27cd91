/**
 * What the app sends with every request besides the query: identity headers (AUTH_MODE=headers behind a
 * trusted proxy), a Keystone token (AUTH_MODE=keystone: X-Auth-Token) or a bearer token (AUTH_MODE=jwt).
 * AUTH_MODE=none needs nothing. Kept in this tab's sessionStorage: gone when the tab closes, not shared with
 * other tabs, never kept for later sessions (a token is a credential).
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
    return { ...EMPTY, ...(JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Partial<Settings>) };
  } catch {
    return EMPTY;
  }
}

export function saveSettings(settings: Settings): void {
  sessionStorage.setItem(KEY, JSON.stringify(settings));
  // What earlier versions kept for good.
  localStorage.removeItem(KEY);
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

/**
 * What the WebSocket's `connection_init` payload carries: the token (AUTH_MODE=jwt or keystone). Identity
 * headers cannot go: browsers set no headers on a WebSocket upgrade, and with AUTH_MODE=headers the server
 * takes the identity from the proxy's upgrade request alone, never from the payload.
 */
export function connectionParamsOf(settings: Settings): Record<string, string> {
  const token = settings.token.trim();
  if (!token) return {};
  return settings.tokenKind === 'keystone' ? { 'X-Auth-Token': token } : { Authorization: `Bearer ${token}` };
}
