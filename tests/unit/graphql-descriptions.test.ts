// An analyst reads the schema in the explorer, not the code: every type, field, argument, enum value and input
// field says what it is (the unit of a figure, the day it counts in, what null means).
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLObjectType,
  GraphQLString,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLNamedType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../graphql/schema/index.ts';

const described = (description: string | null | undefined) => (description ?? '').trim().length > 0;

/** The path of every element of a type that has no description: Type, Type.field, Type.field(arg), Enum.VALUE. */
function undescribed(type: GraphQLNamedType): string[] {
  const missing = described(type.description) ? [] : [type.name];
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) {
      if (!described(field.description)) missing.push(`${type.name}.${field.name}`);
      for (const arg of field.args) if (!described(arg.description)) missing.push(`${type.name}.${field.name}(${arg.name})`);
    }
  }
  if (isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) if (!described(field.description)) missing.push(`${type.name}.${field.name}`);
  }
  if (isEnumType(type)) {
    for (const value of type.getValues()) if (!described(value.description)) missing.push(`${type.name}.${value.name}`);
  }
  return missing;
}

describe('the reporting schema describes itself', () => {
  // GraphQL's own scalars (String, Int, …) and the introspection types (__Type, …) are described by the specification.
  const written = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__') && !isSpecifiedScalarType(t));

  it('has a description on every type, field, argument, enum value and input field', () => {
    expect(written.flatMap(undescribed)).toEqual([]);
  });

  it('walks the whole schema: the root, the connections, the enums and the inputs', () => {
    const names = written.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['Query', 'PageInfo', 'MessageConnection', 'MessageEdge', 'MessageStatus', 'MessageFilter', 'Cents']));
  });

  it('names each element without a description', () => {
    const probe = new GraphQLObjectType({
      name: 'Probe',
      description: 'A type made for this test.',
      fields: { said: { type: GraphQLString, description: 'Described.' }, bare: { type: GraphQLString, args: { limit: { type: GraphQLInt } } } },
    });
    const level = new GraphQLEnumType({ name: 'Level', description: 'A level.', values: { HIGH: { description: 'High.' }, LOW: {} } });
    const range = new GraphQLInputObjectType({ name: 'Range', fields: { from: { type: GraphQLString } } });
    expect([probe, level, range].flatMap(undescribed)).toEqual(['Probe.bare', 'Probe.bare(limit)', 'Level.LOW', 'Range', 'Range.from']);
  });
});
