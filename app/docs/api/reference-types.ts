// The parts of the OpenAPI document the reference page reads.
export type Schema = Record<string, unknown>;

export interface Operation {
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required: boolean; description: string; schema: Schema }[];
  responses: Record<string, { description: string }>;
}
