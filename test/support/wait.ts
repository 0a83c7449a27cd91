/** How long a wait on the server's state may take before the test fails: generous, for a loaded machine. */
export const WAIT_MS = 30_000;

/**
 * Waits until `holds` says so, checking again after each turn of the event loop (`setImmediate`: as soon as the
 * I/O it waits on was handled) or every `everyMs`; fails naming `what` (read then: it may say what the state is)
 * after `timeoutMs`, rather than spinning until Jest's own timeout says nothing of what was awaited.
 */
export async function waitUntil(
  what: string | (() => string),
  holds: () => boolean | Promise<boolean>,
  { timeoutMs = WAIT_MS, everyMs = 0 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline)
      throw new Error(
        `still not so after ${timeoutMs / 1000} s: ${typeof what === 'string' ? what : what()}`,
      );
    await new Promise((resolve) => (everyMs ? setTimeout(resolve, everyMs) : setImmediate(resolve)));
  }
}

/** Waits until `found` finds something, and gives it (as waitUntil). */
export async function waitFor<T>(
  what: string | (() => string),
  found: () => T | undefined | Promise<T | undefined>,
  options: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  let value: T | undefined;
  await waitUntil(
    what,
    async () => {
      value = await found();
      return value !== undefined;
    },
    options,
  );
  return value!;
}
