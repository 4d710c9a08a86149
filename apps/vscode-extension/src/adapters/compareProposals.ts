import type { IntentResult } from '@roundtable/core/orchestrator/result';
import type { ParticipantConfig } from '@roundtable/core/participants/participant';
import { type ChangeBlock, changedFiles } from '@roundtable/core/patches/changeBlocks';
import { type OtherProposal, otherProposals } from '@roundtable/core/patches/proposals';
import { fileAfter, sourceOf } from '@roundtable/core/patches/proposedChange';
import type { ProposedChange } from '@roundtable/core/protocol/webviewToHost';
import type { Message, Transcript } from '@roundtable/core/transcript/schema';
import * as vscode from 'vscode';
import { filesAfter, readBlock } from './changePlan';
import { proposed, showDiff } from './proposedChanges';

/**
 * "Compare proposals": the files a block of one reply changes, as that block would leave them, beside the same files
 * as another seat's reply in the thread would (both read-only documents; the file itself is not touched). With
 * several such proposals the user picks one. Each side is applied to the file as it is now, so a diff that no longer
 * fits it is refused with its failing hunks, and a block that is a part of the file it names with why, as Apply
 * would.
 */
export async function compareProposedChanges(
  change: ProposedChange & { messageId: string },
  transcript: Transcript | undefined,
  participants: readonly ParticipantConfig[],
): Promise<IntentResult> {
  const block = readBlock(change);
  if (!block.ok) return block;
  const files = changedFiles(block.value);
  const messages = transcript?.messages ?? [];
  const others = otherProposals(messages, change.messageId, files);
  if (others.length === 0) {
    return { ok: false, reason: `No other seat’s reply in this thread proposes a change to ${files.join(', ')}.` };
  }
  const name = (seat: string | undefined) =>
    participants.find((p) => p.id === seat)?.displayName ?? seat ?? 'This reply';
  const other = others.length === 1 ? others[0] : await pickProposal(others, messages, name);
  if (!other) return { ok: true };
  const mine = `${name(messages.find((m) => m.id === change.messageId)?.speaker)}’s proposal`;
  const theirs = `${name(other.speaker)}’s proposal`;
  const side = (proposal: ChangeBlock, who: string) =>
    filesAfter(
      other.files.map((path) => ({
        path,
        from: sourceOf(proposal, path),
        after: (before) => fileAfter(before, proposal, path),
      })),
      `${who} does not apply to the file as it is now, so they cannot be compared.`,
    );
  const left = await side(block.value, mine);
  if (!left.ok) return left;
  const right = await side(other.block, theirs);
  if (!right.ok) return right;
  for (const [i, file] of left.value.entries()) {
    const after = right.value[i]?.after;
    const title = `${file.path}: ${mine} ↔ ${theirs}`;
    await showDiff(proposed(file.path, file.after ?? ''), proposed(file.path, after ?? ''), title, left.value);
  }
  return { ok: true };
}

/** A quick pick of the other proposals, each by its seat and the files it shares, newest first. */
async function pickProposal(
  others: readonly OtherProposal[],
  messages: readonly Message[],
  name: (seat: string) => string,
): Promise<OtherProposal | undefined> {
  const items = [...others].reverse().map((proposal) => {
    const blocks = others.filter((o) => o.messageId === proposal.messageId);
    const at = messages.find((m) => m.id === proposal.messageId)?.createdAt;
    return {
      label: `${name(proposal.speaker)}’s proposal`,
      // Paths are letters, digits and `._-/\@+~` (see readChangeBlock): no `$(…)` icon syntax can reach the list.
      description: proposal.files.join(', '),
      detail: [
        proposal.block.kind === 'diff' ? 'a diff' : 'the whole file',
        ...(blocks.length > 1 ? [`change ${blocks.indexOf(proposal) + 1} of ${blocks.length} in that reply`] : []),
        ...(at ? [`written ${new Date(at).toLocaleString()}`] : []),
      ].join(' · '),
      proposal,
    };
  });
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Compare with which proposal?',
    placeHolder: 'Other seats’ replies in this thread that change the same file',
  });
  return picked?.proposal;
}
