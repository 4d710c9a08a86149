/**
 * For the testkit's own tests: splits a body this fake wrote into its SSE frames. Valid only because the fake
 * always ends a frame with "\n\n" and writes one line per frame; a real client must use a spec parser.
 */
export interface Frames {
  /** The `data` of each frame, in order (`[DONE]` included). */
  data: string[];
  /** How many comment frames (`: keep-alive`) there were. */
  comments: number;
}

export function readFrames(body: string): Frames {
  const frames = body.split('\n\n').filter((frame) => frame !== '');
  return {
    data: frames.filter((f) => f.startsWith('data: ')).map((f) => f.slice('data: '.length)),
    comments: frames.filter((f) => f.startsWith(':')).length,
  };
}

/** The JSON chunks of a stream, without `[DONE]`. */
export function jsonChunks(frames: Frames): Record<string, unknown>[] {
  return frames.data.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d) as Record<string, unknown>);
}
