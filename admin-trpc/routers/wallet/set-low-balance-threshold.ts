// wallet.setLowBalanceThreshold: the low-balance threshold in cents (null: no alert), as PATCH /v1/wallet.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, setLowBalanceThreshold as run } from '../../../core/app/wallet/set-low-balance-threshold.ts';
import { ZWalletOutput } from './outputs.ts';
import { ZWalletSettingsBody } from '../../../core/inputs/wallet.ts';

export const setLowBalanceThreshold = memberProcedure
  .input(ZWalletSettingsBody)
  .output(ZWalletOutput)
  .mutation(({ ctx, input }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor, input)));
