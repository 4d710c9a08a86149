/**
 * A long reply as a model writes one, for cost tests and benchmarks: prose, lists, a table and several fenced code
 * blocks (some with blank lines inside), about `targetChars` long. Deterministic: the same text every time.
 */
export function longReply(targetChars: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let section = 0; length < targetChars; section++) {
    const part = [
      `## Step ${section + 1}`,
      '',
      `The change in step ${section + 1} keeps the **old behaviour** while the new \`parser\` takes over; it reads`,
      'the input once and reports each problem with its line, so nothing is lost.',
      '',
      '- first, the reader',
      '- then, the writer',
      '',
      '```ts',
      `export function step${section}(input: string): number {`,
      '  const lines = input.split("\\n");',
      '',
      '  return lines.length;',
      '}',
      '```',
      '',
      '| case | result |',
      '| --- | --- |',
      `| ${section} | ok |`,
      '',
    ].join('\n');
    parts.push(part);
    length += part.length;
  }
  return parts.join('\n');
}

/**
 * Cuts a text into the pieces the host posts: its batches of 50 ms of a fast model's stream (about 200 tokens a
 * second), 20 to 79 characters in a fixed pattern.
 */
export function streamPieces(text: string): string[] {
  const pieces: string[] = [];
  for (let at = 0, i = 0; at < text.length; i++) {
    const size = 20 + ((i * 37) % 60);
    pieces.push(text.slice(at, at + size));
    at += size;
  }
  return pieces;
}
