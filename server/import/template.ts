import type { AppContext } from '../context.js';
import type { EntityModel } from '../data/entityModel.js';
import type { Lang } from '../../src/core/meta/types.js';
import { translate } from '../i18n/translate.js';
import { baseType } from '../data/entityModel.js';
import { fieldLabel, importFields } from './importer.js';

/** What a column of an import accepts, in words, for the template's guide sheet. */
function accepts(ctx: AppContext, m: EntityModel, field: string, lang: Lang): string {
  const f = m.schema.properties[field];
  const t = (k: string, p?: Record<string, unknown>) => translate(ctx.meta.labels, lang, k, p);
  if (f['x-ref'])
    return t('import.accepts.ref', { entity: translate(ctx.meta.labels, lang, ctx.meta.entities.get(f['x-ref'])?.title ?? f['x-ref']) });
  if (f.enum) return t('import.accepts.enum', { values: f.enum.join(', ') });
  if (baseType(f) === 'boolean') return t('import.accepts.boolean');
  if (f.format === 'date') return t('import.accepts.date');
  if (f.format === 'money' || f.format === 'percent' || f.format === 'quantity' || baseType(f) === 'number' || baseType(f) === 'integer')
    return t('import.accepts.number');
  return t('import.accepts.text', { max: f.maxLength ?? '' });
}

/** An empty workbook whose header row is the entity's fields (required ones marked *), and a guide sheet. */
export async function templateWorkbook(ctx: AppContext, m: EntityModel, lang: Lang): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  const fields = importFields(m).sort((a, b) => Number(m.required.has(b)) - Number(m.required.has(a)));
  const ws = wb.addWorksheet(translate(ctx.meta.labels, lang, m.schema.title ?? m.id).slice(0, 31));
  ws.addRow(fields.map((f) => `${fieldLabel(ctx, m, f, lang)}${m.required.has(f) ? ' *' : ''}`)).font = { bold: true };
  ws.columns.forEach((c) => (c.width = 22));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const guide = wb.addWorksheet(translate(ctx.meta.labels, lang, 'import.guide'));
  guide.addRow([
    translate(ctx.meta.labels, lang, 'import.guide.column'),
    translate(ctx.meta.labels, lang, 'import.guide.required'),
    translate(ctx.meta.labels, lang, 'import.guide.accepts'),
  ]).font = { bold: true };
  for (const f of fields)
    guide.addRow([
      fieldLabel(ctx, m, f, lang),
      m.required.has(f) ? translate(ctx.meta.labels, lang, 'common.yes') : '',
      accepts(ctx, m, f, lang),
    ]);
  guide.columns = [{ width: 28 }, { width: 10 }, { width: 70 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
