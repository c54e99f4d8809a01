/** Label key of a line field: the explicit one, else `<entity>.<lines>.<field>`, else `field.<field>`. */
export function lineFieldLabelCandidates(entityId: string, linesField: string, field: string, explicit?: string): string[] {
  if (explicit) return [explicit];
  return [`${entityId.split('/')[1]}.${linesField}.${field}`, `field.${field}`];
}
