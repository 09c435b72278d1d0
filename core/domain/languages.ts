// The languages the dashboard speaks: English and Kiswahili, each member's choice remembered on the server.

export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A browser that prefers neither language sees English. */
export const DEFAULT_LANGUAGE: Language = 'en';
