import type { EntitySchema, Lang } from '../../src/core/meta/types.js';
import { fieldLabelCandidates } from '../../src/core/meta/types.js';
import { lineFieldLabelCandidates } from '../../src/core/documents/labels.js';
import { translate, type Labels } from '../i18n/translate.js';

/**
 * A field named in the person's language for an error message: a header field by its label, a line's field
 * as "Line 3, Amount" (`lines/2/amount`), a line as "Line 3" (`lines/2`), a line field in general as
 * "Amount" (`lines/ * /amount`, without the spaces).
 */
export function entityFieldLabel(labels: Labels, entity: EntitySchema | undefined, field: string, lang: Lang): string | undefined {
  const first = (candidates: string[]) => {
    const key = candidates.find((k) => labels.has(k));
    return key ? translate(labels, lang, key) : undefined;
  };
  const [top, index, inner] = field.split('/');
  if (index === undefined) {
    return first(entity ? fieldLabelCandidates(entity.$id, field, entity.properties[field]?.['x-ui']?.label) : [`field.${field}`]);
  }
  const item = (entity?.properties[top]?.items as { properties?: Record<string, { 'x-ui'?: { label?: string } }> } | undefined)?.properties;
  const innerLabel = inner
    ? (first(entity ? lineFieldLabelCandidates(entity.$id, top, inner, item?.[inner]?.['x-ui']?.label) : [`field.${inner}`]) ?? inner)
    : undefined;
  if (index === '*') return innerLabel;
  const line = Number(index) + 1;
  return innerLabel
    ? translate(labels, lang, 'document.lineField', { line, field: innerLabel })
    : translate(labels, lang, 'document.line', { line });
}
