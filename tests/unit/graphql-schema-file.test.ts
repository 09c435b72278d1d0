// graphql/schema.graphql is what tools and saved queries read: it must be the schema the service serves. Each
// named type of the schema is declared in its own file under graphql/schema/, named after it.
import fs from 'node:fs';
import { isScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printedSchema, schema } from '../../graphql/schema/index.ts';

const dir = new URL('../../graphql/schema/', import.meta.url);
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

describe('graphql/schema.graphql', () => {
  it('is the printed schema (run `npm run graphql:schema` after a change)', () => {
    const printed = fs.readFileSync(new URL('../../graphql/schema.graphql', import.meta.url), 'utf8');
    expect(printed, 'graphql/schema.graphql is stale: run npm run graphql:schema').toBe(printedSchema());
  });

  it('has a file a type under graphql/schema/, and the file declares that type', () => {
    // Not written here: GraphQL's own scalars, the root, and the Relay plugin's page and edge types.
    const builtIn = new Set(['String', 'Int', 'Float', 'Boolean', 'ID', 'Query', 'PageInfo']);
    const written = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__') && !builtIn.has(t.name) && !/(Connection|Edge)$/.test(t.name));
    expect(written.filter(isScalarType).map((t) => t.name).sort()).toEqual(['Cents', 'DateTime']);
    expect(written.length).toBeGreaterThan(20);
    for (const type of written) {
      const file = new URL(`${kebab(type.name)}.ts`, dir);
      expect(fs.existsSync(file), `graphql/schema/${kebab(type.name)}.ts declares ${type.name}`).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toMatch(new RegExp(`\\('${type.name}'`));
    }
    const files = fs.readdirSync(dir).filter((f) => f !== 'index.ts');
    expect(files.sort()).toEqual(written.map((t) => `${kebab(t.name)}.ts`).sort());
  });
});
