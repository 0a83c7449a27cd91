// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_BREAKS_AND_TABS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Whether a string holds a control character (tabs and line breaks allowed where `multiline`). Here, at the
 * bottom, because settings (GRAPHIQL_HEADERS) are checked by it as well as input (common/errors.ts' checkText).
 */
export function hasControlCharacter(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_BUT_LINE_BREAKS_AND_TABS : CONTROL).test(value);
}
