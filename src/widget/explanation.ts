/** What a failed call's line says after its status: the server's `scimType` and `detail`. */
export function explanationOf({ scimType, detail }: { scimType?: string; detail?: string }): string {
  return [scimType, detail].filter(Boolean).join(': ');
}
