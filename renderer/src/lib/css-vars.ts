// Sets CSS custom properties through the CSSOM, which the CSP (style-src 'self') allows where a
// style attribute would be refused.
export function cssVars(node: HTMLElement, vars: Record<string, string>) {
  const apply = (next: Record<string, string>) => {
    for (const [name, value] of Object.entries(next)) node.style.setProperty(name, value);
  };
  apply(vars);
  return { update: apply };
}
