// What the window says when it cannot reach main at all (the preload, which notices, has no words).
export const transport = {
  'error.transport': 'The app could not reach its main process. Restart the app.',
};
