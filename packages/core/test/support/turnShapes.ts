/**
 * A turn of one reply after another (Discuss), as the runner reports it and a view shows it: who answers, in order,
 * and who of them is answering now.
 */
export function runningInTurn(responders: string[], answering: string) {
  return {
    state: 'running',
    mode: 'discuss',
    step: 'answer',
    stepIndex: 0,
    stepCount: 1,
    responders,
    answering: [answering],
    done: responders.indexOf(answering),
    concurrent: false,
  };
}
