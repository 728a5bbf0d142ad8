// Every operation's operationId, derived from its method and path unless its route names one.

/**
 * A stable, unique operationId from the method and path (`GET /sscs/sboms/{sbomId}/export` →
 * `getSscsSbomsBySbomIdExport`), for generated clients; a route may set its own in its schema.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const text = (param ? `by-${param[1]}` : segment).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = '') =>
        c.toUpperCase(),
      );
      return text.charAt(0).toUpperCase() + text.slice(1);
    });
  return method.toLowerCase() + (words.join('') || 'Root');
}
