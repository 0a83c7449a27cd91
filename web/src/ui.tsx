import { CombinedGraphQLErrors } from '@apollo/client';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** "a, b  c" → ['a', 'b', 'c']: the lists users type. */
export const splitList = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((word) => word.trim())
    .filter(Boolean);

/** The API's errors by the input field they name (`extensions.field`), the rest under ''. */
export function errorsByField(error: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  const errors = CombinedGraphQLErrors.is(error)
    ? error.errors
    : error
      ? [{ message: (error as Error).message, extensions: {} }]
      : [];
  const add = (field: string, message: string) => {
    byField[field] = byField[field] ? `${byField[field]}; ${message}` : message;
  };
  for (const { message, extensions } of errors) {
    // One BAD_USER_INPUT with several problems lists each with its own field (extensions.errors).
    const problems = Array.isArray(extensions?.errors)
      ? (extensions.errors as { field?: unknown; message?: unknown }[]).filter(
          (problem) => typeof problem.field === 'string' && typeof problem.message === 'string',
        )
      : [];
    if (problems.length)
      for (const problem of problems) add(problem.field as string, problem.message as string);
    else add(typeof extensions?.field === 'string' ? extensions.field : '', message);
  }
  return byField;
}

export function ErrorBox({ error }: { error: unknown }) {
  if (!error) return null;
  const messages = Object.entries(errorsByField(error)).map(([field, message]) =>
    field ? `${field}: ${message}` : message,
  );
  return (
    <div className="error" role="alert">
      {messages.join('; ')}
    </div>
  );
}

/** A labelled form control with the API's error for its field beside it. */
export function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label>
        <span className="label">{label}</span>
        {children}
      </label>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function Loading({ when }: { when: boolean }) {
  return when ? <p className="muted">Loading…</p> : null;
}

/**
 * A delete button that asks first: the first click shows what will go and the buttons to confirm or cancel
 * (focus goes to Cancel, so a second Enter does not delete).
 */
export function ConfirmDelete({
  name,
  what,
  onConfirm,
  disabled,
}: {
  /** What is deleted, as the buttons name it: "Delete E2E::Admin". */
  name: string;
  /** What goes with it, said before confirming. */
  what?: string;
  onConfirm: () => Promise<unknown>;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState('');
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <>
        <button type="button" className="small danger" disabled={disabled} onClick={() => setAsking(true)}>
          Delete {name}
        </button>
        {error ? (
          <span className="field-error" role="alert">
            {error}
          </span>
        ) : null}
      </>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={`Confirm deleting ${name}`}>
      <span>
        Delete {name}
        {what ? ` ${what}` : ''}? This cannot be undone.
      </span>{' '}
      <button
        type="button"
        className="small danger"
        onClick={() => {
          setAsking(false);
          setError('');
          onConfirm().catch((failure: unknown) =>
            setError(Object.values(errorsByField(failure)).join('; ') || 'Not deleted'),
          );
        }}
      >
        Yes, delete {name}
      </button>{' '}
      <button type="button" className="small secondary" ref={cancel} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
