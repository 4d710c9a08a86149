import type { EvalIo } from './evalCommand';

/** What an eval test's command said, and the questions it asked. */
export type RecordingIo = EvalIo & { output: string; errors: string; asked: string[] };

/**
 * The eval command's input and output for a test: what it prints is kept, each yes/no question is answered in turn
 * from `answers` (no, once they run out), on Linux with `home` as the home folder and no environment.
 */
export function recordingIo(home: string, answers: boolean[] = []): RecordingIo {
  const result: RecordingIo = {
    output: '',
    errors: '',
    asked: [],
    out: (text: string) => {
      result.output += text;
    },
    err: (text: string) => {
      result.errors += text;
    },
    confirm: async (question: string) => {
      result.asked.push(question);
      return answers.shift() ?? false;
    },
    env: {},
    platform: 'linux',
    home,
  };
  return result;
}
