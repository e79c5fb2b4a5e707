// Test helper, not a test file.

/**
 * A small RFC 4180 parser, to prove the output reads back to the same cells. A byte order mark
 * starting the text is read as a UTF-8 reader does (the files carry one for Excel).
 */
export function parseCsv(whole: string, separator: ',' | ';' = ','): string[][] {
  const text = whole.startsWith('\uFEFF') ? whole.slice(1) : whole;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}
