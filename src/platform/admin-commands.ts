// The `tase admin` commands: each area declares its own (its admin-commands.ts) in its descriptor, as it does its
// routes; src/main.ts parses the command line, finds the command and prints what it answers.
import type { ParseArgsOptionsConfig } from 'node:util';
import type { AppContext } from './context.ts';
import type { Config } from './config.ts';
import { ApiError } from './errors.ts';

/** A refusal of an admin command, printed as text (exit code 2). */
export class AdminError extends Error {
  override name = 'AdminError';
}

/** A command misused: printed with the usage of every command. */
export class AdminUsageError extends AdminError {}

type OptionValue = string | boolean | (string | boolean)[] | undefined;

/** The command line after the command's words. */
interface AdminArguments {
  values: Record<string, OptionValue>;
  positionals: string[];
}

/** What a command runs with: its area's service and the context, built for the command and closed after it. */
interface AdminInput<Service> extends AdminArguments {
  service: Service;
  ctx: AppContext;
}

export interface AdminCommand<Service = unknown> {
  /** The words after `tase admin` (`period close`, `housekeeping`). */
  command: string;
  /** Its lines in `tase --help`, after `  admin `. */
  usage: string;
  /** Its options, as node:util parseArgs takes them; any other is refused. */
  options?: ParseArgsOptionsConfig;
  /** The names of the words it takes after its own (`FILE`), all required; none unless named. */
  positionals?: readonly string[];
  /** It writes its own output (the Incomes Register XML); otherwise its answer is printed as JSON. */
  ownOutput?: boolean;
  run?(input: AdminInput<Service>): Promise<unknown>;
  /** Runs on the database itself, the service not built (a backup, a restore of the database). */
  runOffline?(config: Config, input: AdminArguments): Promise<unknown>;
}

/** A positive integer option. */
export function int(name: string, value: OptionValue): number {
  const n = Number(value);
  if (typeof value !== 'string' || !value || !Number.isSafeInteger(n) || n < 1)
    throw new AdminError(`--${name} must be a positive integer`);
  return n;
}

export function required(name: string, value: OptionValue): string {
  if (typeof value !== 'string' || !value) throw new AdminError(`--${name} is required`);
  return value;
}

/** An optional string option. */
export function optional(value: OptionValue): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A refusal of the API's rules, printed as text by the admin commands. */
export function asAdminError(err: unknown): unknown {
  return err instanceof ApiError
    ? new AdminError(err.items.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; '))
    : err;
}

/** Runs `work`, its refusals of the API's rules turned into the admin commands' text. */
export async function asAdmin<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asAdminError(err);
  }
}
