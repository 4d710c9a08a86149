import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll, setup } from '../../test/support/viewSetup';
import type { ContextBlock } from '../transcript/schema';

// Editor context in a view: chips pushed to the page as they come and go, taken along by the next message.

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const selection: ContextBlock = {
  kind: 'selection',
  path: 'src/a.ts',
  range: [3, 4],
  content: 'const a = 1;\nconst b = 2;\n',
  language: 'typescript',
};

describe('ChatViewController: editor context', () => {
  test('a chip reaches the page, is part of the full state, and can be removed from the page', async () => {
    const { view } = setup();
    const v = view();
    await v.ready();
    expect(v.controller.context.add(selection)).toEqual({ ok: true });
    const changed = v.posted.filter((m) => m.type === 'context/changed').at(-1);
    expect(changed?.type === 'context/changed' && changed.payload.blocks).toEqual([{ id: 'c1', block: selection }]);
    v.controller.markHidden();
    await v.ready();
    expect(v.lastState().context).toEqual([{ id: 'c1', block: selection }]);
    expect(await v.intent('context/remove', { id: 'c1' })).toMatchObject({ ok: true });
    expect(v.controller.context.current).toEqual([]);
  });

  test('the next message takes the chips along, and the model reads them with path and lines', async () => {
    const { view, chat, orchestrator } = setup();
    const v = view();
    await v.ready();
    const threadId = v.lastState().thread.id;
    v.controller.context.add(selection);
    await v.intent('chat/send', { threadId, text: 'what does this do?' });
    const call = await chat.call(0);
    expect(call.messages.at(-1)?.content).toBe(
      '[User] what does this do?\n\nSelection: src/a.ts (lines 3-4)\n```typescript\nconst a = 1;\nconst b = 2;\n```',
    );
    expect(orchestrator.store.transcript(threadId)?.messages[0]?.contextBlocks).toEqual([selection]);
    expect(v.controller.context.current).toEqual([]);
    const last = v.posted.filter((m) => m.type === 'context/changed').at(-1);
    expect(last?.type === 'context/changed' && last.payload.blocks).toEqual([]);
  });

  test('a message of context alone is sent; a refused one keeps its chips', async () => {
    const { view, chat, orchestrator } = setup();
    const v = view();
    await v.ready();
    const threadId = v.lastState().thread.id;
    v.controller.context.add(selection);
    await v.intent('chat/send', { threadId, text: '  ' });
    await chat.reply(0, 'seen');
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
    expect(chat.calls[0]?.messages.at(-1)?.content).toMatch(/^\[User\]\n\nSelection: src\/a\.ts/);

    v.controller.context.add(selection);
    orchestrator.table.update({ ...orchestrator.table.settings, participants: [] });
    expect(await v.intent('chat/send', { threadId, text: 'again' })).toMatchObject({ ok: false });
    expect(v.controller.context.current).toHaveLength(1);
  });

  test('with the active file asked for, every message takes it along', async () => {
    const { view, chat } = setup();
    const file: ContextBlock = { kind: 'file', path: 'README.md', content: '# Hi\n', language: 'markdown' };
    const v = view({ activeFile: () => file });
    await v.ready();
    await v.intent('chat/send', { threadId: v.lastState().thread.id, text: 'summarise' });
    const call = await chat.call(0);
    expect(call.messages.at(-1)?.content).toContain('File: README.md\n```markdown\n# Hi\n```');
  });
});
