// wallet: balance, low-balance threshold, ledger (and the link of its CSV export), top-up requests and mobile money.
import { router } from '../../trpc.ts';
import { getWallet } from './get-wallet.ts';
import { listLedger } from './list-ledger.ts';
import { setLowBalanceThreshold } from './set-low-balance-threshold.ts';
import { requestTopUp } from './request-top-up.ts';
import { listTopUps } from './list-top-ups.ts';
import { exportLink } from './export-link.ts';
import { paymentDetails, startMobileMoneyTopUp, topUp } from './mobile-money.ts';
import { statement } from './statement.ts';

export const walletRouter = router({ get: getWallet, ledger: listLedger, setLowBalanceThreshold, requestTopUp, topUps: listTopUps, exportLink, statement, paymentDetails, startMobileMoneyTopUp, topUp });
