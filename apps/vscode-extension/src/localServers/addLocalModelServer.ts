import type { Logger } from '@roundtable/core/ports';
import * as vscode from 'vscode';
import { writeSeatLists } from '../adapters/writeSeatLists';
import {
  type LocalServer,
  parseServerAddress,
  probeServer,
  probeUsualServers,
  START_HINTS,
  USUAL_SERVERS,
} from './probeLocalServers';
import { planSeating, providerAt, seatsLeft } from './seatLocalModels';

// **Roundtable: Add a Local Model Server** (`roundtable.addLocalModelServer`), loaded when it first runs: the pickers
// only. Finding the servers is probeLocalServers.ts; the settings change is seatLocalModels.ts.

const TITLE = 'Roundtable: Add a Local Model Server';
const ENTER = 'Enter a port or URL…';
const LOOK_AGAIN = 'Look Again';

/** Finds a server, asks which of its models to seat, and writes the provider and the seats into the user settings. */
export async function addLocalModelServer(logger: Logger): Promise<void> {
  const server = await pickServer(logger);
  if (!server) return;
  if (server.models.length === 0) {
    void vscode.window.showWarningMessage(
      `Roundtable: ${server.label} serves no model yet. Load one (${START_HINTS.join('; ')}), then run this again.`,
    );
    return;
  }
  const config = vscode.workspace.getConfiguration('roundtable');
  const participants = config.inspect<unknown>('participants');
  const providers = config.inspect<unknown>('providers');
  const room = seatsLeft(participants?.globalValue);
  if (room === 0) {
    void vscode.window.showWarningMessage(
      'Roundtable: the table is full (16 seats). Remove a seat from roundtable.participants first.',
    );
    return;
  }
  const models = await pickModels(server, participants?.globalValue, providers?.globalValue, room);
  if (!models) return;
  const planned = planSeating(
    { participants: participants?.globalValue, providers: providers?.globalValue, groups: config.get('groups') },
    server,
    models,
  );
  if (!planned.ok) {
    void vscode.window.showWarningMessage(`Roundtable: ${planned.reason}`);
    return;
  }
  const { plan } = planned;
  if (!(await writeSeatLists(plan, 'Add a Local Model Server', logger))) return;
  const names = plan.seats.map((s) => `@${s.id}`);
  logger.info(`Seated ${names.join(', ')} on ${server.label} (provider "${plan.providerId}").`);
  // The workspace's list, when it has one, is the one in effect: say so rather than let the seats seem missing.
  const overridden = participants?.workspaceValue !== undefined || participants?.workspaceFolderValue !== undefined;
  void vscode.window.showInformationMessage(
    [
      `Roundtable seated ${names.join(', ')} on ${server.label}: start a message with ${names[0]}${names.length === 1 ? '' : ' (or another of them)'} to ask it, or @all for the whole table.`,
      plan.keptDefaults ? 'Your default seats were kept in roundtable.participants.' : '',
      overridden ? 'This workspace sets its own roundtable.participants, which is used here instead of yours.' : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
}

/** A server found on a usual port, or at the port or URL typed; undefined when the user gave up. */
async function pickServer(logger: Logger): Promise<LocalServer | undefined> {
  for (;;) {
    const results = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Roundtable: looking for local model servers…' },
      () => probeUsualServers(),
    );
    for (const r of results) logger.info(r.ok ? `Found ${r.server.label}.` : `No model server: ${r.reason}.`);
    const found = results.flatMap((r) => (r.ok ? [r.server] : []));
    if (found.length === 0) {
      const ports = USUAL_SERVERS.map((s) => s.port).join(', ');
      const answer = await vscode.window.showWarningMessage(
        `Roundtable found no model server on 127.0.0.1 (ports ${ports}). Start one, then look again, or enter its port: ${START_HINTS.join('; ')}.`,
        ENTER,
        LOOK_AGAIN,
      );
      if (answer === LOOK_AGAIN) continue;
      return answer === ENTER ? askServer() : undefined;
    }
    const picked = await vscode.window.showQuickPick(
      [
        ...found.map((server) => ({
          label: server.label,
          description: `${server.models.length} model${server.models.length === 1 ? '' : 's'}`,
          detail: server.models.slice(0, 6).join(', ') + (server.models.length > 6 ? ', …' : ''),
          server,
        })),
        { label: ENTER, server: undefined },
      ],
      { title: TITLE, placeHolder: 'The server whose models take seats' },
    );
    if (!picked) return undefined;
    return picked.server ?? askServer();
  }
}

/** Asks for a port or URL until one answers with a model list; a probe's failure is shown and the box asks again. */
async function askServer(): Promise<LocalServer | undefined> {
  let value = '';
  let prompt = 'A port on 127.0.0.1 (e.g. 8080), or a URL on this machine (e.g. http://127.0.0.1:8080).';
  for (;;) {
    const typed = await vscode.window.showInputBox({
      title: TITLE,
      prompt,
      value,
      ignoreFocusOut: true,
      validateInput: (text) => {
        const parsed = parseServerAddress(text);
        return parsed.ok ? undefined : parsed.reason;
      },
    });
    if (typed === undefined) return undefined;
    const address = parseServerAddress(typed);
    if (!address.ok) return undefined; // validateInput refused it already
    const result = await probeServer(address.apiBase);
    if (result.ok) return result.server;
    value = typed;
    prompt = `${result.reason}. Try another port or URL, or press Escape.`;
  }
}

/** The models to seat, at most `room` of them; each already seated on this server says as whom. */
async function pickModels(
  server: LocalServer,
  participants: unknown,
  providers: unknown,
  room: number,
): Promise<string[] | undefined> {
  const providerId = providerAt(providers, server.apiBase);
  const seated = new Map<string, string[]>();
  for (const p of Array.isArray(participants) ? participants : []) {
    const { id, model, provider } = (p ?? {}) as { id?: unknown; model?: unknown; provider?: unknown };
    if (providerId === undefined || provider !== providerId || typeof model !== 'string') continue;
    seated.set(model, [...(seated.get(model) ?? []), `@${String(id)}`]);
  }
  for (;;) {
    const picked = await vscode.window.showQuickPick(
      server.models.map((model) => ({
        label: model,
        ...(seated.has(model) ? { description: `seated as ${seated.get(model)?.join(', ')}` } : {}),
        picked: server.models.length === 1,
      })),
      {
        title: `${TITLE}: models of ${server.label}`,
        placeHolder: `Each model checked takes a seat (${room} more fit)`,
        canPickMany: true,
        ignoreFocusOut: true,
      },
    );
    if (!picked || picked.length === 0) return undefined;
    if (picked.length <= room) return picked.map((p) => p.label);
    void vscode.window.showWarningMessage(`Roundtable: only ${room} more seats fit at the table; check fewer models.`);
  }
}
