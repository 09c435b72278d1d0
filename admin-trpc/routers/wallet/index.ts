// wallet: balance, low-balance threshold, ledger and top-up requests.
import { router } from '../../trpc.ts';
import { getWallet } from './get-wallet.ts';
import { listLedger } from './list-ledger.ts';

export const walletRouter = router({ get: getWallet, ledger: listLedger });
