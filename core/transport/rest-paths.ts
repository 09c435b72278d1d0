// The paths of the REST operations that other surfaces link to, by operationId: the REST routes declare their
// paths from here and every link (the dashboard's upload too) is built from them (restLink), so a link cannot
// drift from its route.

export const REST_PATHS = {
  exportCampaignRecipients: '/v1/campaigns/:id/messages.csv',
  exportLedger: '/v1/wallet/ledger.csv',
  exportMessages: '/v1/messages.csv',
  exportWalletStatement: '/v1/wallet/statements/:month.csv',
  getContactImportInvalidRows: '/v1/contact-imports/:id/invalid-rows.csv',
  getContactImportTemplate: '/v1/contact-imports/template.csv',
  getServiceStatus: '/v1/service-status',
  receiveMobileMoneyNotice: '/v1/payments/mobile-money/callback',
  uploadContactImport: '/v1/contact-imports',
} as const;

export type RestOperation = keyof typeof REST_PATHS;

/** A parameter's name without the file extension written after it (`:month.csv` names month). */
type ParamName<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** The parameters an express-style path names (`:id`), each a string. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in ParamName<Name>]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in ParamName<Name>]: string }
    : Record<never, never>;

/** A link to a REST operation: its path with each parameter filled in (percent-encoded) and the query's defined values. */
export function restLink<O extends RestOperation>(
  operation: O,
  params: PathParams<(typeof REST_PATHS)[O]>,
  query: Record<string, string | undefined> = {},
): string {
  const values = params as Record<string, string>;
  const path = REST_PATHS[operation].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]!));
  const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  return search ? `${path}?${search}` : path;
}
