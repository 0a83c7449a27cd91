/** The most items any list argument or input field takes (the page-size cap; Glance's largest enum has 178). */
export const MAX_LIST_ITEMS = 500;

/** How deep lists, input objects and JSON values may nest in one argument (deeper is refused). */
export const MAX_INPUT_DEPTH = 64;
