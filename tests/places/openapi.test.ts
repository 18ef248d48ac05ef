import { describe, expect, it } from 'vitest';
import { clusterParameters, openApiDocument, searchParameters } from '@/lib/places/openapi/document';
import { searchParamsSchema, SORTS } from '@/lib/places/query/search-query';

describe('the OpenAPI document', () => {
  const doc = openApiDocument('http://example.test');

  it('describes exactly the parameters the search accepts', () => {
    expect(searchParameters.map((p) => p.name).sort()).toEqual(Object.keys(searchParamsSchema.shape).sort());
    expect(searchParameters.find((p) => p.name === 'sort')!.schema.enum).toEqual([...SORTS]);
  });

  it('describes the cluster aggregate with every search parameter, the viewport and the zoom', () => {
    expect(clusterParameters.map((p) => p.name).sort()).toEqual([...Object.keys(searchParamsSchema.shape), 'bbox', 'zoom'].sort());
  });

  it('is OpenAPI 3.1 with every endpoint, both security headers and every error code', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/v2/canonical_places', '/api/v2/canonical_places/{place_id}', '/api/v2/chains', '/api/v2/openapi.json', '/api/v2/rv_service/available_services',
        '/api/v2/rv_service/rv_types', '/api/v2/rv_service/serviced_makes', '/api/v2/search', '/api/v2/search/clusters', '/api/v2/tags',
      ].sort(),
    );
    expect(doc.components.securitySchemes.ClientId.name).toBe('SVC-ORG-APP-CLIENT-ID');
    expect(doc.components.securitySchemes.Hmac.name).toBe('SVC-ORG-APP-HMAC');
    const error = (doc.components.schemas.Error.properties as Record<string, { properties: { code: { enum: string[] } } }>).error;
    expect(error.properties.code.enum).toEqual(['invalid_parameter', 'bad_request', 'unauthorized', 'forbidden', 'not_found', 'method_not_allowed', 'rate_limited', 'request_too_large', 'unavailable']);
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const ref of refs) expect(doc.components.schemas).toHaveProperty(ref.split('/').pop()!);
  });
});
