import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * Every schema in Roundtable is built with zod's small build (`zod/mini`): it parses exactly as the full one but
 * leaves out the chained-method classes, about 60 KB of minified code that the extension host and the webview would
 * otherwise load at start. Its English messages are opt-in; they are turned on here, in the module every other schema
 * imports, so a rejected setting or file still says what is wrong. (Import `zod/mini` as a namespace in each file:
 * re-exporting the namespace object would keep all of zod in the bundle.)
 */
z.config(en());

/** The speaker id reserved for the human; no participant may use it. */
export const USER_SPEAKER = 'user';
/** The speaker id of thread-level notes (role `system`). */
export const SYSTEM_SPEAKER = 'system';

export const isoDateTime = z.iso.datetime({ offset: true });

/** The id of a message or a plan. */
export const RecordId = z.string().check(z.minLength(1));

/** A participant id: what the user types after `@`. Lower-case so mentions match case-insensitively. */
export const ParticipantId = z.string().check(
  z.regex(/^[a-z][a-z0-9_-]{0,31}$/, 'must be 1-32 characters: a lower-case letter, then letters, digits, _ or -'),
  z.refine((id) => id !== USER_SPEAKER && id !== SYSTEM_SPEAKER && id !== 'all', {
    message: 'is reserved ("user", "system" and "all" cannot be participant ids)',
  }),
);
export type ParticipantId = z.infer<typeof ParticipantId>;
