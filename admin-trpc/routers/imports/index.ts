// contact imports: list, get, process, the invalid-rows report's and the template's links (the upload streams to REST).
import { router } from '../../trpc.ts';
import { listImports } from './list-imports.ts';
import { getImport } from './get-import.ts';
import { processImport } from './process-import.ts';
import { invalidRowsLink } from './invalid-rows-link.ts';
import { templateLink } from './template-link.ts';

export const importsRouter = router({ list: listImports, get: getImport, process: processImport, invalidRowsLink, templateLink });
