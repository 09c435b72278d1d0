// Where and how an organization pays (wallet.paymentDetails): the paybill with its account number, the wallets a
// push payment may come from, and whether payments are simulated. One query shared by the pages that show them.
import { useQuery } from '@tanstack/react-query';
import { trpc, type Outputs } from '../trpc.ts';

export type PaymentDetails = Outputs['wallet']['paymentDetails'];
export type Provider = PaymentDetails['providers'][number]['id'];

export function usePaymentDetails() {
  // The paybill number and the reference are stable: asked once a session.
  return useQuery({ ...trpc.wallet.paymentDetails.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
}

/** A provider's name as the service gives it; its code while the details are not in. */
export function providerName(details: PaymentDetails | undefined, provider: string): string {
  return details?.providers.find((p) => p.id === provider)?.name ?? provider;
}
