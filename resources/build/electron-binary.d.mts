// Types of electron-binary.mjs (plain JS, run by npm scripts before anything is built).
export function electronPackageDir(env?: NodeJS.ProcessEnv): string;
export function electronBinaryPath(packageDir?: string, env?: NodeJS.ProcessEnv): string | null;
export function electronInstalled(packageDir?: string, env?: NodeJS.ProcessEnv): boolean;
