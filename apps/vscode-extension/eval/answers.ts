import { normalAnswer, statedAnswer } from '@roundtable/core/council/shortAnswer';
import type { EvalQuestion } from './evalSets';

/**
 * The short answer a reply gives, in normal form: the one it states on a line of its own (`Answer: …`), else its last
 * number (a scripted answer may say "Two plus two is 4."), else the whole reply when it is short enough to be one.
 */
export function answerIn(text: string): string | undefined {
  const stated = statedAnswer(text);
  if (stated !== undefined) return normalAnswer(stated);
  const numbers = text.match(/[-−]?\d[\d,]*(?:\.\d+)?/g);
  const last = numbers?.at(-1);
  return last !== undefined ? normalAnswer(last) : normalAnswer(text);
}

/** Whether `answer` (a normal form, or none) is the question's answer or one of the spellings it accepts. */
export function isCorrect(question: EvalQuestion, answer: string | undefined): boolean {
  if (answer === undefined) return false;
  const accepted = [question.answer, ...(question.accept ?? [])].map((a) => normalAnswer(a));
  return accepted.includes(answer);
}
