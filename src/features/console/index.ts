/** The console feature's server face: what the app uses (its door and the staff session of a call). */
export { CONSOLE_PREFIX, consoleAddressGate, resolveStaff } from './server/gate.ts';
export { DEMO_STAFF } from './server/seed.ts';
export { provideCommands } from './server/commands.ts';
