/** A chat message as the fake proxy reads it from a request (content already reduced to text). */
export interface EchoMessage {
  role: string;
  content: string;
}

/** A leading speaker label such as `[User]` or `[Gpt]:`, exactly as written at the start of the content. */
const SPEAKER_LABEL = /^\[[^\]\n]+\]:?/;

/**
 * The fake's default reply, which lets a test see exactly what the model received. Other suites match on this
 * format, so it is fixed:
 *
 *     Fake <model> received <n> messages: <role[label]>, <role[label]>, ….
 *
 *     You said: <content of the last user message, verbatim>
 */
export function buildEchoReply(model: string, messages: EchoMessage[]): string {
  const list = messages.map((m) => `${m.role}${SPEAKER_LABEL.exec(m.content)?.[0] ?? ''}`).join(', ');
  const lastUser = messages.findLast((m) => m.role === 'user');
  const echo = `Fake ${model} received ${messages.length} messages: ${list}.\n\nYou said: ${lastUser?.content ?? ''}`;
  const task = lastUser?.content ?? '';
  const letters = lettersRead(messages);
  // Asked for a short answer on a line of its own (a blind answer, a synthesis, a position): the fake's is 42.
  const asked = messages.some((m) => m.content.includes(ANSWER_REQUEST)) ? `\n\nAnswer: ${FAKE_ANSWER}` : '';
  if (task.startsWith(REVIEW_TASK)) return `Verdict: Fake ${model} read ${describe(letters)}.\n\n${echo}`;
  if (task.includes(POSITION_TASK)) return `${echo}${asked}\n\n${fakePositions(claimsOf(task))}`;
  if (task.startsWith(DISPUTE_CHAIR_TASK))
    return `${echo}${asked}\n\n${settledLedger(claimsOf(task), letters, asked !== '')}`;
  if (task.startsWith(SYNTHESIS_TASK)) return `${echo}${asked}\n\n${fakeLedger(letters, asked !== '')}`;
  return `${echo}${asked}`;
}

/**
 * How Roundtable's council steps end their prompt (its review and synthesis instructions, sent as the last user
 * message): the fake answers a review with a verdict line first and a synthesis with a ledger, as a model asked so
 * would, so a test sees the panel fold the review and draw the ledger from what the fake actually read.
 */
const REVIEW_TASK = '[Roundtable] Review ';
const SYNTHESIS_TASK = '[Roundtable] You chair ';
/** A dispute round: each seat's positions on the claims (`Claim 1: …` lines), then the chair's updated ledger. */
const POSITION_TASK = "The answers to the user's question disagree on the claims below";
const DISPUTE_CHAIR_TASK = '[Roundtable] You chair this discussion. The answers disagreed';
/** How a prompt asks for a short answer on a line of its own (a blind answer, a synthesis, a position). */
const ANSWER_REQUEST = 'a line of the form `Answer: <that answer>`';
const FAKE_ANSWER = '42';

/** The claims a dispute round's task lists, in order. */
function claimsOf(task: string): string[] {
  return [...task.matchAll(/^Claim \d+: (.*)$/gm)].map((m) => m[1] ?? '');
}

/** The fake holds every claim of a dispute round, with a reason: it converges. */
function fakePositions(claims: string[]): string {
  const positions = claims.map((_c, i) => ({
    claim: i + 1,
    position: 'supported',
    argument: 'The fake read the arguments and agrees.',
  }));
  return `\`\`\`positions\n${JSON.stringify({ positions })}\n\`\`\``;
}

/** A dispute round's chair: every response now supports every claim argued. */
function settledLedger(claims: string[], letters: string[], withAnswers: boolean): string {
  const marks = Object.fromEntries(letters.map((l) => [l, 'supported']));
  const answers = withAnswers ? { answers: Object.fromEntries(letters.map((l) => [l, FAKE_ANSWER])) } : {};
  return `\`\`\`ledger\n${JSON.stringify({ ...answers, claims: claims.map((claim) => ({ claim, ...marks })) })}\n\`\`\``;
}

/** The neutral letters of the responses a council prompt showed (`[Response B]: …`), in the order read. */
function lettersRead(messages: EchoMessage[]): string[] {
  return messages.flatMap((m) => /^\[Response ([A-P])\]:/.exec(m.content)?.[1] ?? []);
}

function describe(letters: string[]): string {
  return letters.length === 0 ? 'no response' : letters.map((l) => `Response ${l}`).join(', ');
}

/**
 * A ledger with two claims: the first every response supports, the second only the first one read supports (a claim
 * Discuss disputes can argue); with the short answer each response gave, when asked.
 */
function fakeLedger(letters: string[], withAnswers = false): string {
  const marks = (first: string, rest: string) => Object.fromEntries(letters.map((l, i) => [l, i === 0 ? first : rest]));
  const claims = [
    { claim: 'Every response was read by the fake chair.', ...marks('supported', 'supported') },
    { claim: `Only Response ${letters[0] ?? 'A'} was read first.`, ...marks('supported', 'disputed') },
  ];
  const answers = withAnswers ? { answers: Object.fromEntries(letters.map((l) => [l, FAKE_ANSWER])) } : {};
  return `\`\`\`ledger\n${JSON.stringify({ ...answers, claims })}\n\`\`\``;
}

/**
 * Splits a reply into stream pieces on word boundaries (each piece keeps the whitespace after its words), so
 * joining the pieces gives the reply back exactly. A reply of three or more words gives at least three pieces.
 */
export function splitIntoPieces(text: string, wordsPerPiece = 3): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  if (words.length === 0) return [];
  const perPiece = Math.max(1, Math.min(wordsPerPiece, Math.floor(words.length / 3)));
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += perPiece) {
    pieces.push(words.slice(i, i + perPiece).join(''));
  }
  return pieces;
}
