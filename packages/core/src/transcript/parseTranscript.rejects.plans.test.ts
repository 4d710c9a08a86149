// parseTranscript refusing what version 4 added when it is wrong: plans, steps, reviews and timing.
import { describe, test } from 'vitest';
import { expectRefusal, type RefusalRow, remove, set } from '../../test/support/transcriptFixture';

describe('parseTranscript rejects, naming the field or invariant', () => {
  test.each<RefusalRow>([
    // ---- plans, steps, reviews and timing (version 4)
    { name: 'unknown mode', edit: set('mode.value', 'debate'), expected: ['at mode.value'] },
    { name: 'plan of no known kind', edit: set('plans.0.kind', 'vote'), expected: ['at plans[0].kind'] },
    { name: 'plan without steps', edit: set('plans.0.steps', []), expected: ['at plans[0].steps'] },
    { name: 'step with no seat', edit: set('plans.0.steps.0.seats', []), expected: ['at plans[0].steps[0].seats'] },
    { name: 'step reading nothing known', edit: set('plans.0.steps.0.reads', 'some'), expected: ['reads'] },
    { name: 'concurrency 0', edit: set('plans.0.steps.0.concurrency', 0), expected: ['concurrency'] },
    { name: 'a letter that is a word', edit: set('plans.0.letters.gpt', 'AB'), expected: ['letters'] },
    {
      name: 'two plans under one id',
      edit: set('plans.1.id', 'p1'),
      expected: ['plans[1]'],
    },
    {
      name: 'plans out of order',
      edit: set('plans.1.createdAt', '2025-03-01T11:00:00.000Z'),
      expected: ['plans[1]: out of order'],
    },
    {
      name: 'a plan answering a reply',
      edit: set('plans.0.question', 'm1'),
      expected: ['plans[0].question: "m1" is not a user message of this thread'],
    },
    {
      name: 'a review plan without its reply',
      edit: remove('plans.1.target'),
      expected: ['plans[1].target: a review plan, and only one, names the reply it reviews'],
    },
    {
      name: 'a message plan with a reviewed reply',
      edit: set('plans.0.target', 'm1'),
      expected: ['plans[0].target: a review plan, and only one'],
    },
    {
      name: 'a review plan reviewing a user message',
      edit: set('plans.1.target', 'm0'),
      expected: ['plans[1].target: "m0" is not a reply of this thread'],
    },
    {
      name: 'a seat twice in a step',
      edit: set('plans.0.steps.0.seats', ['claude', 'claude']),
      expected: ['plans[0].steps[0].seats: a seat is named twice'],
    },
    {
      name: 'an order for a reader outside the step',
      edit: set('plans.0.steps.1.orders.gemini', ['gpt']),
      expected: ['plans[0].steps[1].orders: "gemini" is not a seat of this step'],
    },
    {
      name: 'a response listed twice in an order',
      edit: set('plans.0.steps.2.orders.claude', ['gpt', 'gpt']),
      expected: ['plans[0].steps[2].orders.claude: a response is listed twice'],
    },
    {
      name: 'two seats with one letter',
      edit: set('plans.0.letters.claude', 'A'),
      expected: ['plans[0].letters: two seats share a letter'],
    },
    {
      name: 'a step on a user message',
      edit: set('messages.0.step', { plan: 'p1', index: 0 }),
      expected: ['messages[0].step: only replies belong to a plan step'],
    },
    {
      name: 'a step of no plan',
      edit: set('messages.1.step.plan', 'p9'),
      expected: ['messages[1].step.plan: "p9" is not a plan of this thread'],
    },
    {
      name: 'a step past the plan',
      edit: set('messages.6.step.index', 1),
      expected: ['messages[6].step.index: plan "p2" has 1 step(s)'],
    },
    {
      name: 'a review on a system note',
      edit: set('messages.4.reviewOf', 'm1'),
      expected: ['messages[4].reviewOf: only a reply reviews another'],
    },
    {
      name: 'a review of a later reply',
      edit: set('messages.1.reviewOf', 'm2'),
      expected: ['messages[1].reviewOf: "m2" is not an earlier reply of this thread'],
    },
    {
      name: 'a review of a user message',
      edit: set('messages.6.reviewOf', 'm0'),
      expected: ['messages[6].reviewOf: "m0" is not an earlier reply'],
    },
    {
      name: 'a review of a review',
      edit: (t) => {
        set('messages.2.reviewOf', 'm1')(t);
        set('messages.6.reviewOf', 'm2')(t);
      },
      expected: ['messages[6].reviewOf: "m2" is itself a review'],
    },
    {
      name: 'timing on a user message',
      edit: set('messages.0.timing', { totalMs: 1 }),
      expected: ['messages[0].timing: only replies are timed'],
    },
    { name: 'negative timing', edit: set('messages.1.timing.totalMs', -1), expected: ['at messages[1].timing'] },
    {
      name: 'usage estimated: false written out',
      edit: set('messages.1.usage.estimated', false),
      expected: ['at messages[1].usage.estimated'],
    },
  ])('$name', expectRefusal);
});
