// `tase admin authenticator reset --user-id N`: a user who lost the device enrols anew.
import { asAdmin, int, type AdminCommand } from '../platform/admin-commands.ts';
import type { AuthenticatorService } from './service.ts';

export const authenticatorAdminCommands: readonly AdminCommand<AuthenticatorService>[] = [
  {
    command: 'authenticator reset',
    usage: `authenticator reset --user-id N                         remove the user's second factors (authenticator app,
                                                              recovery codes) and authenticator sessions: they enrol anew`,
    options: { 'user-id': { type: 'string' } },
    run: ({ service, values }) => {
      const userId = int('user-id', values['user-id']);
      return asAdmin(() => service.resetFactors(userId));
    },
  },
];
