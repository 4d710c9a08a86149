// `scripts/real-model/install.sh`: installs the real test model into its cache once, and prints its Python last.
import { installRealModel } from './realModelInstall';

const python = await installRealModel((line) => console.log(line));
console.log(python);
