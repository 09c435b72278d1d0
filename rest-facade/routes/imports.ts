// Contact imports: upload (streamed text/csv), list, get, process, the invalid-rows report and the template.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { format } from 'fast-csv';
import { z } from 'zod';
import { ok, route } from '../route.ts';
import { ZPage } from '../../core/inputs/common.ts';
import { escapeCsvCell } from '../../core/domain/csv-cell.ts';
import * as upload from '../../core/app/imports/upload-import.ts';
import * as list from '../../core/app/imports/list-imports.ts';
import * as processing from '../../core/app/imports/request-processing.ts';
import * as report from '../../core/app/imports/invalid-rows-report.ts';
import * as template from '../../core/app/imports/import-template.ts';
import { ZIdParam } from './common.ts';
import { REST_PATHS } from '../../core/transport/rest-paths.ts';
import { ZProcessImportBody } from '../../core/inputs/imports.ts';

const tag = 'address-book';

export const importRoutes = [
  route({
    method: 'get',
    path: '/v1/contact-imports',
    operationId: 'listContactImports',
    summary: 'List contact imports',
    tag,
    access: list.access,
    query: ZPage,
    handler: async ({ ctx, actor, query }) => ok(await list.listImports(ctx, actor, query)),
  }),
  route({
    method: 'post',
    path: REST_PATHS.uploadContactImport,
    operationId: 'uploadContactImport',
    summary: 'Upload a CSV file (the body itself, text/csv, at most 25 MiB)',
    tag,
    access: upload.access,
    query: upload.ZUploadQuery,
    rawBody: 'text/csv',
    status: 201,
    handler: async ({ ctx, actor, query, req }) => {
      const length = req.headers['content-length'];
      const data = await upload.uploadImport(ctx, actor, {
        filename: query.filename,
        contentLength: length === undefined ? null : Number(length),
        body: req,
      });
      return ok(data, 201);
    },
  }),
  // Before /v1/contact-imports/:id, which would take "template.csv" for an id.
  route({
    method: 'get',
    path: REST_PATHS.getContactImportTemplate,
    operationId: 'getContactImportTemplate',
    summary: "A CSV template to fill in: phone, name, consent and the organization's contact fields (UTF-8 with a byte-order mark)",
    tag,
    access: template.access,
    query: z.strictObject({}),
    produces: 'text/csv',
    handler: async ({ ctx, actor, res }) => {
      const file = await template.importTemplate(ctx, actor);
      res.status(200).type('text/csv; charset=utf-8').attachment(file.filename).send(file.content);
      return { written: true };
    },
  }),
  route({
    method: 'get',
    path: '/v1/contact-imports/:id',
    operationId: 'getContactImport',
    summary: 'Get an import with a sample of its rows and its counts',
    tag,
    access: list.access,
    params: ZIdParam,
    query: z.strictObject({}),
    handler: async ({ ctx, actor, params }) => ok(await list.getImport(ctx, actor, params.id)),
  }),
  route({
    method: 'post',
    path: '/v1/contact-imports/:id/process',
    operationId: 'processContactImport',
    summary: 'Process an uploaded import into contacts and a group',
    tag,
    access: processing.access,
    params: ZIdParam,
    body: ZProcessImportBody,
    status: 202,
    handler: async ({ ctx, actor, params, body }) => ok(await processing.requestProcessing(ctx, actor, params.id, body), 202),
  }),
  route({
    method: 'get',
    path: REST_PATHS.getContactImportInvalidRows,
    operationId: 'getContactImportInvalidRows',
    summary: 'The invalid rows of a processed import, with the reason for each',
    tag,
    access: report.access,
    params: ZIdParam,
    query: z.strictObject({}),
    produces: 'text/csv',
    handler: async ({ ctx, actor, params, res }) => {
      const { filename, lines } = await report.invalidRowsReport(ctx, actor, params.id);
      res.status(200).type('text/csv; charset=utf-8').attachment(filename);
      const csv = format<string[], string[]>({ headers: report.REPORT_HEADER, transform: (row: string[]) => row.map(escapeCsvCell) });
      // A failure half way breaks the connection rather than ending the file short.
      await pipeline(Readable.from(lines), csv, res).catch(() => res.destroy());
      return { written: true };
    },
  }),
];
