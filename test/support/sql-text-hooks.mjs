// The loader hooks registered by sql-text.mjs: `x.sql?raw` resolves to the file with the suffix
// kept, and loads as a module whose default export is the file's text.
import { readFile } from 'node:fs/promises';

const RAW = '?raw';

export async function resolve(specifier, context, nextResolve) {
  if (!specifier.endsWith(`.sql${RAW}`)) return nextResolve(specifier, context);
  const file = await nextResolve(specifier.slice(0, -RAW.length), context);
  return { url: `${file.url}${RAW}`, shortCircuit: true };
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith(`.sql${RAW}`)) return nextLoad(url, context);
  const text = await readFile(new URL(url.slice(0, -RAW.length)), 'utf8');
  return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}
