type Schema = Record<string, unknown>;

/** A short readable type for a JSON Schema: `string`, `array of Image`, `integer 1–5`, `NamedId or null`. */
export function schemaType(schema: Schema | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Schema[]).map(schemaType).join(' or ');
  if (Array.isArray(schema.enum)) return `one of ${(schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if ('const' in schema) return `${String(schema.type ?? '')} = ${JSON.stringify(schema.const)}`;
  if (schema.type === 'array') {
    if (Array.isArray(schema.prefixItems)) return `[${(schema.prefixItems as Schema[]).map(schemaType).join(', ')}]`;
    return `array of ${schemaType(schema.items as Schema)}`;
  }
  if (schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    return `map of ${schemaType(schema.additionalProperties as Schema)}`;
  }
  const range =
    typeof schema.minimum === 'number' && typeof schema.maximum === 'number' ? ` ${schema.minimum} to ${schema.maximum}` : '';
  return `${String(schema.type ?? 'any')}${range}`;
}
