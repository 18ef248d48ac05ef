type Schema = Record<string, unknown>;

/** A short readable type for a JSON Schema: `string`, `array of Image`, `integer 1–5`, `NamedId or null`. */
export function schemaType(schema: Schema | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Schema[]).map(schemaType).join(' or ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(schemaType).join(' or ');
  if (Array.isArray(schema.enum)) return `one of ${(schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if ('const' in schema) return `${String(schema.type ?? '')} = ${JSON.stringify(schema.const)}`;
  if (schema.type === 'array') {
    if (Array.isArray(schema.prefixItems)) return `[${(schema.prefixItems as Schema[]).map(schemaType).join(', ')}]`;
    return `array of ${schemaType(schema.items as Schema)}`;
  }
  if (schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    return `map of ${schemaType(schema.additionalProperties as Schema)}`;
  }
  // zod writes every integer's safe-integer bounds: a bound that wide says nothing to a reader.
  const min = typeof schema.minimum === 'number' && schema.minimum > Number.MIN_SAFE_INTEGER ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : undefined;
  const range = min !== undefined && max !== undefined ? ` ${min} to ${max}` : min !== undefined ? ` ≥ ${min}` : max !== undefined ? ` ≤ ${max}` : '';
  return `${String(schema.type ?? 'any')}${range}`;
}
