/** What a property definition's keywords allow: shared by its validation (property-schema) and its docs. */

/** Glance's multi-value operators. */
export const OPERATORS = ['<or>', '<in>', '<all-in>'] as const;
export const PROPERTY_TITLE_MAX = 255;
/** The lengths of a deprecation's texts. */
export const DEPRECATION_LIMITS = { reason: 500, replacement: 255 } as const;
