// wallet.get: the balance, as GET /v1/wallet.
import { memberProcedure, asMember } from '../../trpc.ts';
import { access, getWallet as run } from '../../../core/app/wallet/get-wallet.ts';
import { ZWalletOutput } from './outputs.ts';

export const getWallet = memberProcedure.output(ZWalletOutput).query(({ ctx }) => asMember(ctx.actor, access, () => run(ctx.ctx, ctx.actor)));
