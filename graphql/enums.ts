// GraphQL enums from the domain's lower-case values: DELIVERED stands for 'delivered'. Each value says what it
// means, and the type asks for a description of every value the domain has.
export const upperCaseValues = <T extends string>(values: readonly T[], descriptions: Readonly<Record<T, string>>) =>
  Object.fromEntries(values.map((v) => [v.toUpperCase(), { value: v, description: descriptions[v] }])) as Record<
    Uppercase<T>,
    { value: T; description: string }
  >;
