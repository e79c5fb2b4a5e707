// Reads the runnable shell examples out of a Markdown file (see examples.test.ts for the conventions).

export interface ShellExample {
  /** Variable assignments from the start of the block, run before the command. */
  setup: string;
  /** One command; `\` line continuations kept. */
  command: string;
  /** The JSON after `# →`: fields the answer must carry (objects partially, arrays by index). */
  claim: unknown;
}

function blocks(markdown: string, info: string): string[] {
  const fence = new RegExp('^```' + info + '\\n([\\s\\S]*?)^```', 'gm');
  return [...markdown.matchAll(fence)].map((m) => m[1] as string);
}

/** The one command in the `sh example-simulator` block. */
export function startCommand(markdown: string): string {
  const found = blocks(markdown, 'sh example-simulator');
  if (found.length !== 1) throw new Error(`expected one sh example-simulator block, found ${found.length}`);
  const lines = (found[0] as string).split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  if (lines.length !== 1) throw new Error('the sh example-simulator block must hold exactly one command');
  return (lines[0] as string).trim();
}

const CLAIM = /^#\s*→\s*(.+)$/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Every command of every `sh example` block, with its block's setup lines and its claim. */
export function parseExamples(markdown: string): ShellExample[] {
  const examples: ShellExample[] = [];
  for (const block of blocks(markdown, 'sh example')) {
    const setup: string[] = [];
    let pending: string | null = null;
    let partial = '';
    for (const raw of block.split('\n')) {
      const line = raw.trimEnd();
      if (partial !== '' || (line !== '' && !line.startsWith('#'))) {
        partial += (partial === '' ? '' : '\n') + line;
        if (line.endsWith('\\')) continue;
        const command = partial;
        partial = '';
        if (pending !== null) throw new Error(`no "# →" answer after: ${pending}`);
        if (ASSIGNMENT.test(command) && !command.includes('curl')) setup.push(command);
        else pending = command;
        continue;
      }
      const claim = CLAIM.exec(line);
      if (!claim) continue;
      if (pending === null) throw new Error(`"# →" with no command before it: ${line}`);
      examples.push({ setup: setup.join('\n'), command: pending, claim: JSON.parse(claim[1] as string) });
      pending = null;
    }
    if (pending !== null) throw new Error(`no "# →" answer after: ${pending}`);
  }
  return examples;
}

/** `actual` reduced to the shape of `claim`, so a failing comparison shows only what was claimed. */
export function projectOnto(actual: unknown, claim: unknown): unknown {
  if (Array.isArray(claim)) {
    if (!Array.isArray(actual)) return actual;
    return claim.map((item, i) => projectOnto(actual[i], item));
  }
  if (claim !== null && typeof claim === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return actual;
    const source = actual as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(claim).map(([key, value]) => [
        key,
        key in source ? projectOnto(source[key], value) : undefined,
      ]),
    );
  }
  return actual;
}
