// Two-factor transactions: a two-factor endpoint's request waits here until the user confirms it.
import { defineArea } from '../platform/area.ts';
import type { WebhookService } from '../webhooks/index.ts';
import { mfaMigrations } from './migrations.ts';
import { mfaRoutes } from './routes.ts';
import { MfaService } from './service.ts';
import { purgeExpired } from './store.ts';
import { mfaExamples } from './examples.ts';

export {
  MfaService,
  type Decision,
  type PendingTransaction,
  type SandboxOutcome,
  type TransactionState,
} from './service.ts';

export const mfaArea = defineArea({
  name: 'mfa',
  examples: mfaExamples,
  tags: [
    {
      name: 'Two-factor',
      description:
        'Results of two-factor transactions. A two-factor endpoint answers 202 `{transactionIdentifier, confirmationApp}`; the user confirms the action in the authenticator (`{root}/authenticator`) within 5 minutes (sandbox mode confirms at once); poll `GET /mfatransactionresult/{transactionIdentifier}` or subscribe a webhook. Machine-to-machine tokens cannot use two-factor endpoints (403).',
    },
  ],
  tables: { global: ['mfa_transactions'] },
  migrations: mfaMigrations,
  create: (ctx, deps: { webhooks: WebhookService }) => {
    const mfa = new MfaService(ctx);
    // events written by a confirmed transaction are delivered without waiting for the worker's next poll
    mfa.onEventsWritten = () => deps.webhooks.worker.wake();
    return mfa;
  },
  routes: (mfa) => mfaRoutes(mfa),
  purge: { global: { mfaTransactions: purgeExpired } },
});
