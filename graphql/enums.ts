// GraphQL enums from the domain's lower-case values: DELIVERED stands for 'delivered'.
export const upperCaseValues = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((v) => [v.toUpperCase(), { value: v }])) as Record<Uppercase<T>, { value: T }>;
