import { checkCliLogin } from '@roundtable/sidecar/cli/checkCliLogin';
import { detectCli } from '@roundtable/sidecar/cli/detectCli';
import { NodeCliLauncher } from '@roundtable/sidecar/cli/NodeCliLauncher';
import { CliSeatBook } from './cliSeatBook';

let route: { book: CliSeatBook; launcher: NodeCliLauncher } | undefined;
let tmpRoot: string | undefined;

/**
 * Where each reply's private folder is made: a folder of the extension's own storage, under the user's home, never the
 * shared temp folder (a CLI may read files from the folders above its working folder, and anyone can write in /tmp).
 */
export function setCliTurnsRoot(root: string): void {
  tmpRoot = root;
}

/**
 * The window's one way to its CLIs: one book of detections and sign-in states (shared by the seats' checks and the
 * replies), one launcher that knows every process it started. Made on first use.
 */
export function cliRoute(): { book: CliSeatBook; launcher: NodeCliLauncher } {
  // A login check runs its status command as a turn runs, so its folders go where the turns' do.
  const root = tmpRoot ? { root: tmpRoot } : {};
  route ??= {
    book: new CliSeatBook(detectCli, (dialect, path) => checkCliLogin(dialect, path, root)),
    launcher: new NodeCliLauncher(tmpRoot ? { tmpRoot } : {}),
  };
  return route;
}
