// Debian's Chromium, headless, with nothing that reaches the network on its own: the end-to-end
// harness and the Electron stand-in launch it the same way.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // Keyboard scrolling jumps instead of animating: on a loaded machine a key pressed while the last
  // animation was finishing was dropped, and a test of Home and End then waited on nothing.
  '--disable-smooth-scrolling',
];
