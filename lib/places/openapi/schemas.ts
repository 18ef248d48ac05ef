import { componentJsonSchemas } from '../contract';

/** The OpenAPI document's component schemas: JSON Schemas (2020-12) made from the one contract, never written by hand. */
export const schemas = componentJsonSchemas();
