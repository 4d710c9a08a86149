import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tallyOf } from '@roundtable/core/council/tally';
import { answerIn } from './answers';
import type { EvalQuestion, ScriptedSeat } from './evalSets';

// Scripted seats for `pnpm eval`: a loopback OpenAI-compatible server that answers each seat as the seats file says,
// and writes the reviews, syntheses (with their ledgers) and dispute positions from those answers, as real seats and
// a real chair would: the chair's answer is the majority's, else its own; a seat's position follows its policy. The
// prompts it answers are the real ones (the real plans, prompt assembly and anonymisation build them); it reads from
// them only which question, which step and which letter is which seat.

/** The model id a scripted seat sits on: `eval/<seat id>`. */
export const scriptedModel = (seat: string) => `eval/${seat}`;

interface ChatMessage {
  role: string;
  content: unknown;
}

const fence = (info: string, json: unknown) => `\`\`\`${info}\n${JSON.stringify(json)}\n\`\`\``;

/** What the scripted table remembers of one question: which seat each letter stands for, and the rounds served. */
interface QuestionState {
  letters: Map<string, string>;
  positionsServed: Map<string, number>;
  chairsServed: number;
}

export class ScriptedTable {
  private readonly state = new Map<string, QuestionState>();

  constructor(
    private readonly questions: readonly EvalQuestion[],
    private readonly seats: readonly ScriptedSeat[],
  ) {}

  /** The reply of `seat` to a request of `messages`. */
  reply(seat: string, messages: readonly ChatMessage[]): string {
    const texts = messages.map((m) => (typeof m.content === 'string' ? m.content : ''));
    const question = this.questions.find((q) => texts.some((t) => t.includes(q.question)));
    if (!question) return 'I do not know which question this is.';
    const state = this.stateOf(question.id);
    const task = texts.at(-1) ?? '';
    const leftOut = new Set(this.seat(seat).unformatted ?? []);
    if (task.includes('[Roundtable] Review ')) return this.review(texts, leftOut.has('verdict'));
    if (task.includes("The answers to the user's question disagree on the claims below")) {
      const round = (state.positionsServed.get(seat) ?? 0) + 1;
      state.positionsServed.set(seat, round);
      return this.position(question, seat, round, task, leftOut.has('positions'));
    }
    if (task.includes('[Roundtable] You chair this discussion. The answers disagreed')) {
      state.chairsServed += 1;
      return this.chair(question, seat, state.chairsServed, leftOut.has('ledger'));
    }
    if (task.includes('[Roundtable] You chair this discussion.')) {
      this.learnLetters(question, texts, state);
      return this.chair(question, seat, 0, leftOut.has('ledger'));
    }
    return this.seat(seat).answers[question.id] ?? '';
  }

  private seat(id: string): ScriptedSeat {
    const seat = this.seats.find((s) => s.id === id);
    if (!seat) throw new Error(`no scripted seat "${id}"`);
    return seat;
  }

  private stateOf(id: string): QuestionState {
    let state = this.state.get(id);
    if (!state) {
      state = { letters: new Map(), positionsServed: new Map(), chairsServed: 0 };
      this.state.set(id, state);
    }
    return state;
  }

  /** Which seat each response letter stands for: the seat whose first answer the chair's prompt quotes. */
  private learnLetters(question: EvalQuestion, texts: readonly string[], state: QuestionState): void {
    for (const text of texts) {
      const quoted = /^\[Response ([A-P])\]: ([\s\S]*)$/.exec(text);
      if (!quoted) continue;
      const [, letter = '', said = ''] = quoted;
      const seat = this.seats.find((s) => s.answers[question.id]?.trim() === said.trim());
      if (seat) state.letters.set(letter, seat.id);
    }
  }

  /**
   * Each seat's answer after dispute round `round` (0: its first answer): every seat takes its position from the
   * answers of the round before, by its policy.
   */
  answersAfter(question: EvalQuestion, round: number): Map<string, string | undefined> {
    let answers = new Map(this.seats.map((s) => [s.id, answerIn(s.answers[question.id] ?? '')]));
    const letterA = this.stateOf(question.id).letters.get('A');
    for (let r = 1; r <= round; r++) {
      const before = answers;
      answers = new Map(
        this.seats.map((s) => {
          const own = before.get(s.id);
          if (s.policy === 'first') return [s.id, letterA ? before.get(letterA) : own];
          if (s.policy === 'majority') {
            const others = Object.fromEntries(
              [...before].filter(([id, a]) => id !== s.id && a !== undefined) as [string, string][],
            );
            const [top, second] = tallyOf({ answers: others }).groups;
            const unique = top && (!second || second.seats.length < top.seats.length);
            return [s.id, unique ? top.answer : own];
          }
          return [s.id, own];
        }),
      );
    }
    return answers;
  }

  /** A review: its verdict names the answers the responses give (on a line of its own, unlabelled when `bare`). */
  private review(texts: readonly string[], bare: boolean): string {
    const given = texts.flatMap((t) => {
      const quoted = /^\[Response ([A-P])\]: ([\s\S]*)$/.exec(t);
      return quoted ? [`Response ${quoted[1]} answers ${answerIn(quoted[2] ?? '') ?? 'nothing short'}`] : [];
    });
    const verdict = `${given.join('; ') || 'nothing to compare'}.`;
    return `${bare ? 'In short: ' : 'Verdict: '}${verdict}\n\nEach response was checked against the question.`;
  }

  /**
   * A dispute round's position: the answer its policy gives, and a reason only when it kept its own; its positions
   * block is left out when `bare`.
   */
  private position(question: EvalQuestion, seat: string, round: number, task: string, bare: boolean): string {
    const before = this.answersAfter(question, round - 1).get(seat);
    const now = this.answersAfter(question, round).get(seat);
    const claims = [...task.matchAll(/^Claim (\d+): (.*)$/gm)];
    const positions = claims.map(([, n, claim = '']) => {
      const answer = /^The answer is (.+)\.$/.exec(claim)?.[1];
      const holds = answer !== undefined && answerIn(`Answer: ${answer}`) === now;
      const argument = now === before ? `My own working gives ${now ?? 'no short answer'}.` : '';
      return { claim: Number(n), position: holds ? 'supported' : 'disputed', argument };
    });
    const said = `My answer stands.\n\nAnswer: ${now ?? 'none'}`;
    return bare ? said : `${said}\n\n${fence('positions', { positions })}`;
  }

  /**
   * A synthesis after round `round` (0: the council's own): the majority's answer, else the chair's own; its ledger
   * gives each response's answer and one claim, that the answer is right, marked by each response's answer (and is
   * left out when `bare`).
   */
  private chair(question: EvalQuestion, chair: string, round: number, bare: boolean): string {
    const answers = this.answersAfter(question, round);
    const known = Object.fromEntries([...answers].filter(([, a]) => a !== undefined) as [string, string][]);
    const final = tallyOf({ answers: known }).majority ?? answers.get(chair);
    const byLetter = [...this.stateOf(question.id).letters];
    const claim = {
      claim: `The answer is ${final ?? 'unknown'}.`,
      ...Object.fromEntries(byLetter.map(([l, s]) => [l, answers.get(s) === final ? 'supported' : 'disputed'])),
      for: `The working that gives ${final ?? 'it'} holds.`,
      against: 'Some responses reached another answer.',
    };
    const ledger = {
      answers: Object.fromEntries(byLetter.map(([l, s]) => [l, answers.get(s) ?? ''])),
      claims: [claim],
    };
    const said = `The council's answer, weighing the responses.\n\nAnswer: ${final ?? 'unknown'}`;
    return bare ? said : `${said}\n\n${fence('ledger', ledger)}`;
  }
}

/** Serves a scripted table as `/v1/chat/completions` (streamed) on a loopback port. */
export async function serveScriptedTable(table: ScriptedTable): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readAll(req)) as { model?: string; messages?: ChatMessage[] };
    const seat = (body.model ?? '').replace(/^eval\//, '');
    const text = table.reply(seat, body.messages ?? []);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'eval', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: text }));
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readAll(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}
