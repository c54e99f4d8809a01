import { readMetaFiles } from '../server/meta/load.ts';
import { validateMeta } from '../server/meta/validate.ts';
const errors: any[] = [];
const raw = readMetaFiles('/work/main', errors);
errors.push(...validateMeta(raw));
for (const e of errors) console.log(`${e.file}#${e.pointer}: ${e.message}`);
console.log(errors.length, 'errors');
