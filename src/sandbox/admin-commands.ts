// `tase admin sandbox-administrator USERNAME`: the user who may move the sandbox's clock and reset and seed it.
import type { AdminCommand } from '../platform/admin-commands.ts';
import type { SandboxService } from './service.ts';

export const sandboxAdminCommands: readonly AdminCommand<SandboxService>[] = [
  {
    command: 'sandbox-administrator',
    usage: `sandbox-administrator USERNAME                        let the user move the clock, reset every company and
                                                              seed companies (until one is named: the first user)`,
    positionals: ['USERNAME'],
    run: ({ service, positionals: [username] }) => service.nameAdministrator(username),
  },
];
