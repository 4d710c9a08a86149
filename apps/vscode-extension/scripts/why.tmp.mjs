import { rolldown } from 'rolldown';

const targets = process.argv.slice(2);
const b = await rolldown({
  input: 'src/extension.ts',
  platform: 'node',
  external: ['vscode'],
  logLevel: 'warn',
  plugins: [
    {
      name: 'why',
      buildEnd() {
        console.log('buildEnd');
        const ids = [...this.getModuleIds()];
        const entry = ids.find((id) => this.getModuleInfo(id)?.isEntry);
        const parent = new Map([[entry, null]]);
        const q = [entry];
        while (q.length) {
          const id = q.shift();
          for (const i of this.getModuleInfo(id)?.importedIds ?? [])
            if (!parent.has(i)) {
              parent.set(i, id);
              q.push(i);
            }
        }
        for (const t of targets) {
          const id = ids.find((x) => x.endsWith(t));
          const chain = [];
          let p = id;
          while (p) {
            chain.push(p.replace(/.*\/(packages|apps)\//, ''));
            p = parent.get(p);
          }
          console.log(t, ':', chain.reverse().join(' -> '));
        }
      },
    },
  ],
});
await b.generate({ format: 'esm' });
await b.close();
