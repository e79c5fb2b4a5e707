// docs/operations.md names every operation of window.garage: the table drives the contract, and
// this keeps the document a newcomer reads true to it.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../electron/shared/ipc/operations';

it('docs/operations.md names every operation of the table, and none that is not one', async () => {
  const text = await readFile('docs/operations.md', 'utf8');
  expect(OPERATION_NAMES.filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
  const named = [
    ...text.matchAll(
      /`((?:app|updates|profiles|vehicles|account|fleet|audit|runs|templates|jobs|shop|claims)\.[a-zA-Z]+)`/g,
    ),
  ]
    .map((match) => match[1]!)
    .filter((name) => !(OPERATION_NAMES as readonly string[]).includes(name));
  expect([...new Set(named)]).toEqual([]);
});
