// The images a message carries. A leaf (see index.ts): the transcript's schema, the host's checks and the
// webview's image chunk all read these, and none of them may pull another into its bundle.

/** The most images one message carries. */
export const MAX_IMAGES_PER_MESSAGE = 4;
/** The most bytes one image may have. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
