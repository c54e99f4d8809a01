/** A list the user may fill from a spreadsheet, as /api/import/entities gives it. */
export interface ImportTarget {
  id: string;
  name: string;
  fields: { name: string; label: string; required: boolean; type: string; ref: string | null }[];
}

/** A sheet of an uploaded file as /api/import/preview reads it, with the suggested mapping of its columns. */
export interface ImportSheet {
  name: string;
  headers: string[];
  rowCount: number;
  sample: unknown[][];
  mapping: Record<string, string | null>;
}
