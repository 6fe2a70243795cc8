/** A SCIM PatchOp request body (RFC 7644 §3.5.2), as the dialects below spell it. */
export interface PatchRequest {
  schemas: string[];
  Operations: PatchOperation[];
}

export interface PatchOperation {
  op: string;
  path?: string;
  value: unknown;
}
