import type { CliDialect } from '../cli/dialect';

/**
 * A made-up CLI for the runner's tests: `{"t":"text","x":…}` is a delta, `{"t":"end"}` ends the reply,
 * `{"t":"fail","x":…}` ends it with an error; anything else is unknown. It says it is signed out with "please log in".
 */
export const testDialect: CliDialect = {
  kind: 'claude',
  program: 'fake',
  productName: 'Fake CLI',
  minimumVersion: '1.0.0',
  parseVersion: (output) => /\d+\.\d+\.\d+/.exec(output)?.[0],
  args: (turn) => ['--model', turn.model, '--system', turn.systemPromptFile],
  env: () => ({ FAKE_TELEMETRY: 'off' }),
  interpreter: () => ({
    take(line) {
      const event = line as { t?: unknown; x?: unknown };
      if (event.t === 'text' && typeof event.x === 'string') return { events: [{ type: 'delta', text: event.x }] };
      if (event.t === 'end') {
        return {
          events: [
            { type: 'usage', usage: { inputTokens: 3, outputTokens: 2 } },
            { type: 'finish', reason: 'stop' },
          ],
          done: true,
        };
      }
      if (event.t === 'fail' && typeof event.x === 'string') {
        return { events: [{ type: 'error', error: { kind: 'http', message: event.x } }], done: true };
      }
      return { events: [], unknown: true };
    },
  }),
  loginCommand: 'fake login',
  saysSignedOut: (text) => /please log in/i.test(text),
};
