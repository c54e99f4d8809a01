import { hasRight } from '../http/rbac.js';
import { forbidden, invalid } from '../http/errors.js';
import { serverStep, type ServerFlowImplementation } from '../flows/registry.js';
import { checkSheet, importFields, importModel, writeRows } from './importer.js';
import { decodeUpload, MAX_IMPORT_BYTES, parseWorkbook } from './parse.js';

interface ImportInput {
  entity: string;
  name: string;
  sheet: string;
  mapping: Record<string, string | null>;
}

async function sheetOf(name: string, data: Buffer, sheetName: string) {
  const sheet = (await parseWorkbook(name, data)).find((s) => s.name === sheetName);
  if (!sheet) throw invalid([{ field: 'sheet', key: 'import.noSheet', params: { name: sheetName } }]);
  return sheet;
}

/**
 * Import from Excel (flows/excel-import-run.json): the upload is kept with the run; one step checks every row
 * and keeps the clean rows; the next writes them all in its own transaction, or none, so a restart between
 * the two writes them once and a second run of the same key writes nothing.
 */
export const excelImportFlow: ServerFlowImplementation = {
  flow: 'excel-import-run',
  bodyLimit: MAX_IMPORT_BYTES * 2,
  async prepare({ input, auth, ctx }) {
    const m = importModel(ctx, auth, input.entity);
    if (!hasRight(auth, m.schema['x-permission'], 'create')) throw forbidden('import.notImportable');
    const fields = new Set(importFields(m));
    const mapped = Object.values(input.mapping as Record<string, string | null>).filter((f): f is string => Boolean(f));
    const badField = mapped.find((f) => !fields.has(f));
    if (badField) throw invalid([{ field: 'mapping', key: 'import.unknownField', params: { name: badField } }]);
    if (new Set(mapped).size !== mapped.length) throw invalid([{ field: 'mapping', key: 'import.fieldTwice', params: {} }]);
    const data = decodeUpload(input.file);
    const sheet = await sheetOf(input.name, data, input.sheet);
    const { file: _file, ...rest } = input;
    return {
      input: { ...rest, rows: sheet.rows.length },
      files: [{ name: 'upload', fileName: input.name, contentType: 'application/octet-stream', data }],
    };
  },
  actors: {
    checkImport: serverStep(async ({ ctx, auth, input, run, file, keep, progress }) => {
      const i = input as ImportInput;
      const m = importModel(ctx, auth, i.entity);
      const upload = await file('upload');
      if (!upload) throw new Error(`the upload of run ${run.id} is missing`);
      const sheet = await sheetOf(i.name, upload.data, i.sheet);
      const { values, problems } = await checkSheet(ctx, auth, m, sheet, i.mapping, run.lang, progress);
      if (problems.length) return { problems, imported: 0 };
      const checked = { headers: sheet.headers, values };
      keep({ name: 'rows', fileName: 'rows.json', contentType: 'application/json', data: Buffer.from(JSON.stringify(checked)) }, 'part');
      return { problems: [], checked: values.length };
    }),
    writeImport: serverStep(async ({ ctx, auth, input, run, file, write }) => {
      const i = input as ImportInput;
      const m = importModel(ctx, auth, i.entity);
      if (!hasRight(auth, m.schema['x-permission'], 'create')) throw forbidden('import.notImportable');
      const rows = await file('rows');
      if (!rows) throw new Error(`the checked rows of run ${run.id} are missing`);
      const { headers, values } = JSON.parse(rows.data.toString('utf8')) as { headers: string[]; values: Record<string, unknown>[] };
      write((trx) => writeRows(ctx, trx, { auth }, auth, m, { name: i.sheet, headers }, i.mapping, values, run.lang));
      return {};
    }),
  },
};
