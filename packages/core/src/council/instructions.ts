import { andList } from '../base/andList';

// The fixed words of the council's steps. They are part of what each model is sent (golden tests pin them), so a
// change here changes every review and synthesis prompt.

/** How many files a review's task names; more are "other files". */
const MAX_FILES_NAMED = 8;

/** The neutral label of a response under review. */
export function responseLabel(letter: string): string {
  return `Response ${letter}`;
}

/** The neutral label of the n-th review a synthesis reads (1-based). */
export function reviewLabel(n: number): string {
  return `Review ${n}`;
}

/** How an earlier reply reads in a prompt that names nobody. */
export const EARLIER_REPLY_LABEL = 'Earlier reply';

/** How a seat outside the reviewed responses is called in a prompt that names nobody. */
export const ANOTHER_ASSISTANT = 'another assistant';

/** The label of the step's own instruction, the last message of a review or synthesis prompt. */
export const TASK_LABEL = 'Roundtable';

/** The main system message of a prompt that names nobody (a review or a synthesis). */
export function anonymousFraming(userName: string): string {
  return (
    `You are one of several AI assistants in a shared group conversation with a human user (${userName}). ` +
    'In this step you read other assistants’ words without their names: each is labelled only by a letter, and ' +
    'the order they come in means nothing. Judge each on its merits, never by its length, its position or its style.'
  );
}

/**
 * The review a seat writes of the responses above it: evidence weighed first, then a reply that opens with a
 * one-line verdict (the panel shows that line where the review is folded). `changed`: the files a reviewed reply
 * proposes changes to (a review asked for on one reply), whose change the review looks at first.
 */
export function reviewTask(
  labels: readonly string[],
  missing: readonly string[],
  changed: readonly string[] = [],
): string {
  const which = labels.length === 1 ? (labels[0] ?? '') : `the responses above (${andList(labels)})`;
  const files = changed.length > MAX_FILES_NAMED ? [...changed.slice(0, MAX_FILES_NAMED), 'other files'] : changed;
  return [
    `Review ${which} to the user's question.`,
    ...(changed.length > 0
      ? [
          `${which} proposes a change to ${andList(files)}: review that change first, as code: whether it does what it claims, whether it fits the file as shown, and what it breaks or leaves out.`,
        ]
      : []),
    'Before you write, weigh the evidence: check each claim, each step of reasoning and any code; note what is right, what is wrong or missing, and where the responses disagree.',
    'Then start your reply with one line of the form `Verdict: <your judgement in one sentence, naming responses by their letter>`, and after it give your reasons, response by response. Do not rewrite the answers; do not guess who wrote them.',
    ...missingNote(missing),
  ].join('\n');
}

/**
 * Asked of each seat answering an Independent or Council turn blind: its final answer on a line of its own when the
 * question has a short one, which the vote counts (`statedAnswer`).
 */
export const SHORT_ANSWER_REQUEST =
  'If the question has one short answer (a number, a choice, a name, yes or no, what a program prints), end your reply with a line of the form `Answer: <that answer>`.';

/**
 * What a seat of a Council with stances is asked to argue, in its system prompt. An honest case, not a pretence: it
 * still gives its own final answer, and says what would change its mind.
 */
export const STANCE_REQUEST: Record<'for' | 'against' | 'neutral', string> = {
  for: 'In this council you argue for: make the strongest honest case in favour (of the proposal, or of "yes"), then give your own final answer and say what would change your mind.',
  against:
    'In this council you argue against: make the strongest honest case against (the proposal, or for "no"), then give your own final answer and say what would change your mind.',
  neutral:
    'In this council you weigh both sides evenly, the case for and the case against, before you give your answer.',
};

/**
 * The chair's synthesis: the best final answer, then a ledger of the claims made, marked per response by its letter
 * (the panel puts the names back). When the question has one short answer, the final answer ends with it on a line of
 * its own, and the ledger gives each response's (`answers`): what the vote counts when a response did not state one.
 */
export function synthesisTask(letters: readonly string[], missing: readonly string[]): string {
  return [
    `You chair this discussion. Above are the user's question, the answers (${andList(letters.map(responseLabel))}) and the reviews the assistants wrote of one another's answers.`,
    "Write the best final answer to the user's question: keep what the responses got right, correct what they got wrong, and say plainly where they still disagree. Name the responses you relied on by their letter.",
    ...missingNote(missing),
    ...ledgerInstructions(letters, 'of the claims that matter'),
  ].join('\n');
}

/** Where a seat stood on a disputed claim before a round, and what each side has argued, as its prompt says them. */
export interface DisputeBrief {
  claim: string;
  for: readonly string[];
  against: readonly string[];
  standing: 'supported' | 'disputed' | undefined;
}

const STANDING = {
  supported: 'you held it',
  disputed: 'you rejected it',
  none: 'you did not address it',
} as const;

/**
 * A seat's part in a dispute round: only the disputed claims, the arguments on each side (no names, no counts: how
 * many hold a view is what conformity follows), and where it stood; it keeps or changes each position and says why.
 */
export function disputeTask(briefs: readonly DisputeBrief[]): string {
  const arguments_ = (said: readonly string[]) => (said.length > 0 ? said.map((a) => `- ${a}`) : ['- (none given)']);
  return [
    "The answers to the user's question disagree on the claims below. For each: the arguments given so far on each side (who gave them does not matter, nor how many did) and where your answer stood.",
    ...briefs.flatMap((b, i) => [
      '',
      `Claim ${i + 1}: ${b.claim}`,
      'Arguments for it:',
      ...arguments_(b.for),
      'Arguments against it:',
      ...arguments_(b.against),
      `Your position so far: ${STANDING[b.standing ?? 'none']}.`,
    ]),
    '',
    'Weigh each argument on its merits. For each claim, keep your position or change it, and say which and why in a sentence or two. Change it only for an argument you find convincing, never because others hold the other view; if you keep it, answer the strongest argument against it.',
    'If the question has one short answer, give the answer you hold now on a line of the form `Answer: <that answer>`.',
    'End your reply with a fenced block tagged `positions`, one entry per claim ("supported" if you hold the claim true, "disputed" if you hold it false):',
    '```positions',
    JSON.stringify({ positions: [{ claim: 1, position: 'supported', argument: '<why, in a sentence or two>' }] }),
    '```',
  ].join('\n');
}

/**
 * The chair of a dispute round: the responses' positions on the claims argued are above; it updates the final answer
 * and the ledger of those claims as the positions now stand.
 */
export function disputeSynthesisTask(
  letters: readonly string[],
  claims: readonly string[],
  missing: readonly string[],
): string {
  return [
    `You chair this discussion. The answers disagreed on the claims below; above, each response (${andList(letters.map(responseLabel))}) took its position on each in this round, with its reason.`,
    ...claims.map((claim, i) => `Claim ${i + 1}: ${claim}`),
    "Update the best final answer to the user's question: keep what holds, correct what the arguments showed wrong, and say plainly what is still disputed. Name the responses you relied on by their letter.",
    ...missingNote(missing),
    ...ledgerInstructions(letters, 'of these claims, marked as the positions now stand'),
  ].join('\n');
}

/** The ledger a synthesis ends with: its block, what each mark means, the short answers and the arguments. */
function ledgerInstructions(letters: readonly string[], of: string): string[] {
  const example = Object.fromEntries([
    ['claim', '<one claim that matters, in one sentence>'],
    ...letters.map((l, i) => [l, ['supported', 'disputed', 'not addressed'][i % 3]]),
    ['for', '<if disputed: the strongest argument for it>'],
    ['against', '<if disputed: the strongest argument against it>'],
  ]);
  const answers = Object.fromEntries(letters.map((l) => [l, `<the short answer ${responseLabel(l)} gives>`]));
  return [
    'If the question has one short answer (a number, a choice, a name, yes or no, what a program prints), end the final answer with a line of the form `Answer: <that answer>`.',
    `After the answer, add a ledger ${of}, as a fenced block tagged \`ledger\`:`,
    '```ledger',
    JSON.stringify({ answers, claims: [example] }),
    '```',
    'Mark every response for every claim: "supported" if it makes or agrees with the claim, "disputed" if it contradicts it, "not addressed" if it says nothing about it. Use only these letters.',
    'For a claim the responses dispute, give "for" and "against": the strongest argument each side makes, in a sentence or two, naming nobody.',
    'Give "answers" only when the question has one short answer: each response\'s own, as it gives it (leave out a response that gives none).',
  ];
}

/** `missing`: the labels of the responses that never came. */
function missingNote(missing: readonly string[]): string[] {
  if (missing.length === 0) return [];
  const names = andList(missing);
  return [
    `${names} did not answer (${missing.length === 1 ? 'it' : 'they'} failed or were stopped): do not guess what ${missing.length === 1 ? 'it' : 'they'} would have said.`,
  ];
}
