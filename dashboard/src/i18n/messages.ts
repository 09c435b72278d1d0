// The shape every namespace's Kiswahili must have: the keys of its English, each a string. An annotated object
// literal with a key missing or a key too many fails the type check, so the two languages cannot drift apart.

export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
