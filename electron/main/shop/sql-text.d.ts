// A migration file imported as its text (Vite's `?raw` suffix; see migrations/index.ts).
declare module '*.sql?raw' {
  const text: string;
  export default text;
}
